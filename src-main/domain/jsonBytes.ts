/**
 * The bytes of JSON's structure, as the scans that read JSON text without parsing it compare them: the depth
 * check of an answer before it is parsed (api/answerBody.ts) and the field reader of stored objects
 * (cache/jsonFields.ts). Char codes, since both scan with charCodeAt.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
