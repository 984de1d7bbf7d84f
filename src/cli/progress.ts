import cliProgress from 'cli-progress';

/**
 * A progress bar on stderr when it is a terminal; otherwise occasional plain lines, so
 * overnight logs stay readable.
 */
export function createProgress(label: string, total: number) {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {value}/{total} {detail}`, stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { detail: '' });
    return {
      update: (n: number, detail = '') => bar.update(n, { detail }),
      stop: () => bar.stop(),
    };
  }
  let last = -1;
  return {
    update: (n: number, detail = '') => {
      if (n !== last) process.stderr.write(`${label}: ${n}/${total} ${detail}\n`);
      last = n;
    },
    stop: () => {},
  };
}
