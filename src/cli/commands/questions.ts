import type { Command } from 'commander';
import type { App } from '../../app.ts';

/** ask / run / answers / trace / eval: registered here as the question side lands. */
export function registerQuestionCommands(_program: Command, _withApp: <T>(fn: (app: App) => Promise<T>) => Promise<T>): void {}
