// Test-only parser thread: runs the real parser thread entry and, once it is listening, lets a
// promise reject with nobody awaiting it, the way pdf.js does on some damaged files.
import { register } from 'tsx/esm/api';

register();
const started = import('../../src/parse/parse-thread-main.ts');
const fire = () => {
  if (process.listenerCount('unhandledRejection') === 0) return setTimeout(fire, 5);
  const e = new Error('Bad (uncompressed) XRef entry: 17R');
  e.name = 'XRefEntryException';
  void Promise.reject(e);
};
fire();
await started;
