import type { ReactNode } from 'react';
import type { CodeExample } from './code-examples';

/** One section of the library docs page (its side menu, heading and body). */
export interface LibrarySection {
  id: string;
  title: string;
  /** The spec's side menu lists all sections but Delete Key. */
  inMenu: boolean;
  body: ReactNode;
  example?: CodeExample;
}
