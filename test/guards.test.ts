import { describe, expect, it } from 'vitest';
import { singleStatement } from '../src/cli/commands/read-side.ts';
import { quoteInLine } from '../src/text/quote-check.ts';
import { loadConfig } from '../src/config.ts';

describe('docintel sql accepts exactly one statement', () => {
  it('passes one statement, with or without a trailing semicolon', () => {
    expect(singleStatement('select 1;')).toBe('select 1');
    expect(singleStatement("select ';' as semi -- trailing; comment\n")).toBe("select ';' as semi -- trailing; comment");
  });
  it('refuses a second statement that would run after the read-only transaction', () => {
    expect(() => singleStatement('commit; delete from answers')).toThrow(/one statement/);
    expect(() => singleStatement('select 1; select 2')).toThrow(/one statement/);
    expect(() => singleStatement('select $$;$$')).toThrow(/dollar/);
  });
});

describe('quoteInLine', () => {
  it('accepts a verbatim quote regardless of case and spacing', () => {
    expect(quoteInLine('Within 60 days after the loss,  send us a proof of loss', 'within 60 days after the LOSS, send')).toBe(true);
  });
  it('rejects empty or tiny quotes and text that is not in the line', () => {
    expect(quoteInLine('Residual Dropout We apply dropout', '')).toBe(false);
    expect(quoteInLine('Residual Dropout We apply dropout', ' a ')).toBe(false);
    expect(quoteInLine('Residual Dropout We apply dropout', 'label smoothing')).toBe(false);
  });
  it('accepts a short quote only when it is the whole line (a two-letter table cell)', () => {
    expect(quoteInLine('ed', 'ed')).toBe(true);
    expect(quoteInLine(' Ed ', 'ed')).toBe(true);
    expect(quoteInLine('The ed editor', 'ed')).toBe(false);
    expect(quoteInLine('', '')).toBe(false);
  });
});

describe('configuration', () => {
  it('treats empty variables as unset and rejects bad values by name', () => {
    const c = loadConfig({ DATABASE_URL: '', REDIS_URL: '', DOCINTEL_CONCURRENCY: '3' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DOCINTEL_CONCURRENCY).toBe(3);
    expect(c.llmEnabled).toBe(false);
    expect(() => loadConfig({ DOCINTEL_CONCURRENCY: 'many' })).toThrow(/DOCINTEL_CONCURRENCY/);
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).llmEnabled).toBe(true);
  });
});
