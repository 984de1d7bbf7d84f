import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { waitFor } from './procs.ts';

/** A TCP port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * A redis-server of the test's own on `port`, its append-only file in `dir` (fsync on every
 * write, so a SIGKILL loses no job), never the shared one. Start it again with the same
 * arguments to restart it on the same port with the same data.
 */
export class OwnRedis {
  proc: ChildProcess | null = null;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir], {
      stdio: 'ignore',
    });
    await waitFor(
      `redis-server on port ${this.port}`,
      async () => {
        const c = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        c.on('error', () => {});
        try {
          await c.connect();
          return (await c.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          c.disconnect();
        }
      },
      15_000,
      100,
    );
  }

  /** SIGKILL: no shutdown, no final save; only what the append-only file holds survives. */
  async kill(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  }
}

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const v = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return v && existsSync(path.join(root, v, 'bin', 'pg_ctl')) ? path.join(root, v, 'bin') : null;
})();

/**
 * A Postgres cluster of the test's own in a temporary folder on `port` (trust auth), never the
 * shared server. Postgres refuses to run as root: as root, its commands run as the `postgres` OS
 * user, who owns the folder (it sits straight in the temp dir: a root-only parent would bar it).
 */
export class OwnPostgres {
  readonly dir: string;
  readonly data: string;
  constructor(readonly port: number) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'docintel-own-pg-'));
    this.data = path.join(this.dir, 'pgdata');
  }

  static available(): boolean {
    return PG_BIN !== null;
  }

  url(db = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${db}`;
  }

  private cmd(bin: string, args: string[]): void {
    const full = path.join(PG_BIN!, bin);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', timeout: 60_000 });
    else execFileSync(full, args, { stdio: 'pipe', timeout: 60_000 });
  }

  async init(): Promise<void> {
    mkdirSync(this.data, { recursive: true });
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(this.dir, uid, gid);
      chownSync(this.data, uid, gid);
    }
    this.cmd('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  }

  start(): void {
    this.cmd('pg_ctl', ['-D', this.data, '-l', path.join(this.dir, 'server.log'), '-w', '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  }

  /** Fast shutdown: every connection is closed by the server, as in a restart. */
  stop(): void {
    this.cmd('pg_ctl', ['-D', this.data, '-w', '-m', 'fast', 'stop']);
  }

  async createDatabase(name: string): Promise<string> {
    const c = new pg.Client({ connectionString: this.url() });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    return this.url(name);
  }

  /** Stops the cluster if it runs and removes its folder (afterAll); never throws. */
  shutdown(): void {
    try {
      if (existsSync(path.join(this.data, 'postmaster.pid'))) this.cmd('pg_ctl', ['-D', this.data, '-w', '-m', 'immediate', 'stop']);
    } catch {
      /* not running */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
