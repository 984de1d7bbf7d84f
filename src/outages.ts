import type { Logger } from './log.ts';
import { safeErrorMessage } from './sanitize.ts';

export type Service = 'Redis' | 'Postgres';

/**
 * Says once per outage that a service is gone and that the command keeps waiting, and once that
 * it is back: a reconnect loop that fails every few hundred milliseconds must not print a line
 * (let alone a stack trace) per attempt.
 */
export class OutageReporter {
  private readonly down = new Map<Service, number>();
  private readonly listeners: ((service: Service) => void)[] = [];

  constructor(private readonly log: Logger) {}

  lost(service: Service, where: string, err: unknown): void {
    if (this.down.has(service)) return;
    this.down.set(service, Date.now());
    this.log.warn({ service, where, err: safeErrorMessage(err, 200) }, `waiting for ${service} at ${where}: connection lost, reconnecting and still waiting`);
  }

  back(service: Service): void {
    const since = this.down.get(service);
    if (since === undefined) return;
    this.down.delete(service);
    this.log.info({ service, outageMs: Date.now() - since }, `${service} is back after ${((Date.now() - since) / 1000).toFixed(1)} s`);
    for (const f of this.listeners) f(service);
  }

  isDown(service: Service): boolean {
    return this.down.has(service);
  }

  /** Called after each outage ends (the producer then checks that its batch's jobs survived). */
  onBack(f: (service: Service) => void): void {
    this.listeners.push(f);
  }
}
