/** One policy or conditions page; the text lives in content/, the layout in PolicyArticle. */
export interface PolicySection {
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

export interface PolicyDocument {
  path: string;
  title: string;
  metaTitle: string;
  description: string;
  /**
   * Shown as "Last updated …" (docs/product-contract.md §Constants: the privacy and refund policies read
   * 06/07/2025).
   */
  lastUpdated?: string;
  intro: readonly string[];
  sections: readonly PolicySection[];
}
