/**
 * `GET /api/v2/openapi.json`: an OpenAPI 3.1.0 description of the 17 routes, with request schemas taken from
 * the same zod schemas that validate requests (so the document cannot drift from the behaviour).
 */
import { z } from 'zod';
import { routes } from './routes';
import { ContractQueryRequest, ListCreateRequest, ListItemsRequest, TenderQueryRequest, TokenCreateRequest } from './schemas';

const SUMMARIES: Record<string, string> = {
  'POST /auth/login': 'Token by credentials (a 30-day session, id 0)',
  'GET /auth/tokens': 'List API tokens (masked)',
  'POST /auth/tokens': 'Create an API token (the secret is shown once)',
  'DELETE /auth/tokens/{token_id}': 'Revoke an API token',
  'POST /tenders/query': 'Tender search and feed (QUERY)',
  'GET /tenders/{tender_id}': 'Tender card',
  'POST /contracts/query': 'Contracts over a set of procurements',
  'GET /contracts/{contract_id}': 'Contract card',
  'POST /lists': 'Create a list',
  'GET /lists': 'Own lists',
  'GET /lists/{list_id}': 'List detail and members',
  'POST /lists/{list_id}/items': 'Add tenders to a list',
  'DELETE /lists/{list_id}/items': 'Remove tenders from a list',
  'GET /filters': 'Own subscriptions',
  'DELETE /filters/{filter_id}': 'Extinguish a subscription',
  'GET /balance': 'Balance and usage today',
  'GET /balance/ledger': 'Charge ledger',
};

const BODIES: Record<string, z.ZodType> = {
  'POST /auth/tokens': TokenCreateRequest,
  'POST /tenders/query': TenderQueryRequest,
  'POST /contracts/query': ContractQueryRequest,
  'POST /lists': ListCreateRequest,
  'POST /lists/{list_id}/items': ListItemsRequest,
  'DELETE /lists/{list_id}/items': ListItemsRequest,
};

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'request_id'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, request_id: { type: 'string' }, details: { type: 'array' } },
    },
  },
};

export function buildOpenApi(baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([a-z_]+)/g, '{$1}');
    const key = `${r.method} ${path}`;
    const params = [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const headers = r.mutation ? [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } }] : [];
    const body = BODIES[key];
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      summary: SUMMARIES[key] ?? key,
      operationId: key.replace(/[^a-zA-Z]+/g, '_').replace(/^_|_$/g, ''),
      security: r.public ? [] : [{ bearer: [] }],
      parameters: [...params, ...headers],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(body, { unrepresentable: 'any' }) } } } } : {}),
      responses: {
        '200': { description: 'OK' },
        ...(r.query ? { '202': { description: 'preparing: repeat the same request after retry_after seconds' }, '409': { description: 'cursor_expired' } } : {}),
        default: { description: 'Error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Procurement Tenders and Contracts API (Tender Workbench sandbox)', version: '2.0.0' },
    servers: [{ url: baseUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
