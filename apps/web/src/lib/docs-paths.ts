/** The Key Manager REST documentation page; the Key Manager's tabs link to its sections (?tab=). */
export const REST_DOCS_PATH = '/built-apis/doc/key-manager';
