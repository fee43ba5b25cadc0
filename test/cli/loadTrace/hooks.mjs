/** The load hook of register.mjs: appends each module's URL to the trace file as it is loaded. */
import { appendFileSync } from 'node:fs';

let out = null;

export function initialize(data) {
  out = data.out;
}

export async function load(url, context, next) {
  if (out) appendFileSync(out, `${url}\n`);
  return next(url, context);
}
