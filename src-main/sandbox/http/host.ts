import type { SandboxService } from '../service/sandboxService';
import type { Faults } from './faults';
import type { RateLimiter } from './rateLimiter';

/** What the HTTP front needs from the running sandbox; `service()` changes identity on reset. */
export interface SandboxHost {
  service(): SandboxService;
  readonly faults: Faults;
  readonly rateLimiter: RateLimiter;
  /** The strict sandbox: kept across `reset`, read by both generations' fronts. */
  readonly strict: boolean;
  baseUrl(): string;
  reset(): void;
}
