/**
 * Checks answers and request bodies against an OpenAPI 3.1 document with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1) and ajv-formats. The whole document is added to ajv once, so its `$ref`s resolve
 * as written. An answer passes when its operation documents its status and its body satisfies that
 * response's schema (or, for a response without content, when it has no body).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Json, Res } from './helpers';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export type Checked = { operation: string; status: number };

export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; template: string; pattern: RegExp }[] = [];
  /** Every (operation, status) an answer was checked for, to prove coverage. */
  readonly seen: Checked[] = [];

  constructor(
    readonly doc: Json,
    /** The base path the document's paths are relative to (`/api/v2`, `/legacy/api/v2`). */
    private readonly prefix: string,
  ) {
    addFormats(this.ajv);
    this.ajv.addSchema({ ...doc, $id: 'openapi' });
    for (const [template, item] of Object.entries<Json>(doc.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const m of METHODS) if (item[m]) this.templates.push({ method: m.toUpperCase(), template, pattern });
    }
  }

  /** Documented operations as `GET /tenders/{tender_id}`. */
  operations(): string[] {
    return this.templates.map((t) => `${t.method} ${t.template}`);
  }

  private validator(ref: string): ValidateFunction {
    let v = this.compiled.get(ref);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi#${ref}` });
      this.compiled.set(ref, v);
    }
    return v;
  }

  /** The operation a concrete request path (`/tenders/5?id_type=external`) belongs to; literal paths win over templates. */
  operationOf(method: string, path: string): { method: string; template: string } {
    const bare = path.split('?')[0]!;
    const found = this.templates
      .filter((t) => t.method === method && t.pattern.test(bare))
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0))[0];
    if (!found) throw new Error(`no documented operation for ${method} ${path}`);
    return found;
  }

  /** Throws, naming the operation and the problems, unless the answer satisfies the document. */
  answer(method: string, path: string, r: Res): void {
    const op = this.operationOf(method, path.startsWith('http') ? new URL(path).pathname.slice(this.prefix.length) : path);
    const name = `${op.method} ${op.template}`;
    const responses: Json = this.doc.paths[op.template][op.method.toLowerCase()].responses;
    const status = String(r.status);
    if (!responses[status]) throw new Error(`${name}: status ${status} is not documented (${Object.keys(responses).join(', ')}): ${r.text.slice(0, 200)}`);
    const content = responses[status].content;
    if (!content) {
      if (r.text !== '') throw new Error(`${name} ${status}: documented without a body, got ${r.text.slice(0, 200)}`);
    } else {
      if (!/^application\/json/.test(r.headers['content-type'] ?? '')) throw new Error(`${name} ${status}: not JSON (${r.headers['content-type']})`);
      const v = this.validator(pointer('', 'paths', op.template, op.method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema'));
      if (!v(r.json)) {
        throw new Error(`${name} ${status}: the answer does not satisfy the document: ${this.ajv.errorsText(v.errors)}\n${r.text.slice(0, 600)}`);
      }
    }
    this.seen.push({ operation: name, status: r.status });
  }

  /** Whether a value satisfies a schema of the document, by JSON pointer (`/components/schemas/X`). */
  accepts(ref: string, value: unknown): boolean {
    return this.validator(ref)(value) as boolean;
  }

  /** The request body schema's pointer of an operation. */
  bodyRef(method: string, template: string): string {
    return pointer('', 'paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema');
  }

  /** The schema pointer of one parameter of an operation. */
  parameterRef(method: string, template: string, name: string): string {
    const params: Json[] = this.doc.paths[template][method.toLowerCase()].parameters ?? [];
    const i = params.findIndex((p) => p.name === name);
    if (i < 0) throw new Error(`${method} ${template} documents no parameter ${name}`);
    return pointer('', 'paths', template, method.toLowerCase(), 'parameters', String(i), 'schema');
  }
}
