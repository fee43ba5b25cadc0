/**
 * The app's automatic download in the background: versions stored anywhere (a sync job's page, a
 * card opened, a list read: CurrentDeps.onVersionsStored, the seam both the app's jobs and its cards go
 * through) start one run of `runAutoDownload` over the chosen scope. One run at a time: versions stored
 * while a run goes on ask for one more run after it, never a second one beside it. Nothing runs while the
 * settings choose nothing. A failure of a run is reported and never reaches the sync that stored the versions.
 */
import type { CacheDb } from '../cache/database';
import { BlobStore } from '../docfiles/blobStore';
import { DocumentExtractor, type ExtractorOptions } from '../docfiles/extract/extractRunner';
import type { KeyedEvent } from '../notifications/detect';
import type { DocumentSettings } from '../contract/settingsShapes';
import { autoDownloadChosen, runAutoDownload, type AutoDownloadOutcome } from './autoDownload';
import type { FetchEvent } from './fetchDocuments';

export interface AutoDownloaderDeps {
  settings(): DocumentSettings;
  /** The active profile's cache, if any (read at the start of each run). */
  cache(): CacheDb | null;
  /** Marked tenders whose documentation changed (the app's notifications). */
  onChanged(cache: CacheDb, events: KeyedEvent[]): void;
  onEvent?(e: FetchEvent): void;
  onDone?(outcome: AutoDownloadOutcome): void;
  onError?(e: unknown): void;
  extractor?: ExtractorOptions;
}

export class AutoDownloader {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();

  constructor(private readonly deps: AutoDownloaderDeps) {}

  /** Versions were stored: a run if any is a tender and the settings choose something. */
  versionsStored(items: readonly { kind: string }[]): void {
    if (items.some((i) => i.kind === 'tender')) this.kick();
  }

  /** Starts a run, or asks for one more after the running one. */
  kick(): void {
    if (this.abort.signal.aborted || !autoDownloadChosen(this.deps.settings())) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when no run is going on (tests and the app's close wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const cache = this.deps.cache();
      if (!cache) return;
      const extractor = new DocumentExtractor(this.deps.extractor);
      try {
        const outcome = await runAutoDownload({
          cache,
          store: BlobStore.besideCache(cache.file),
          extractor,
          settings: this.deps.settings(),
          signal: this.abort.signal,
          ...(this.deps.onEvent ? { onEvent: (e: FetchEvent) => this.deps.onEvent?.(e) } : {}),
        });
        if (outcome) {
          if (outcome.changed.length > 0) this.deps.onChanged(cache, outcome.changed);
          this.deps.onDone?.(outcome);
        }
      } catch (e) {
        this.deps.onError?.(e);
      } finally {
        await extractor.close();
      }
    } while (this.again && !this.abort.signal.aborted);
  }
}
