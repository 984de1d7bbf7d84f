// Worker-thread entry: registers the TypeScript loader, then runs the parser off the main event loop.
import { register } from 'tsx/esm/api';

register();
await import('./parse-thread-main.ts');
