/** A message of the domain layer in both UI languages; each caller picks the one its user reads. */
export type Bilingual = { ru: string; en: string };
