import { describe, expect, it } from 'vitest';
import {
  ACRONYM,
  CAPITAL_NAME,
  DASH_NUMBER,
  DOTTED,
  DOTTED_DASH,
  DOTTED_NUMBER,
  ENHANCEMENT,
  LETTER_NUMBER,
  NUMBER_PATH,
  NUM_OR_WILDCARD,
  SERIES_NUMBER,
  WORD_NUMBER,
  capitalNames,
  programNames,
  dottedDash,
  escapeRegex,
  isSeriesNumber,
  opensWithCode,
  wordNumber,
} from '../src/lexicon/identifiers.ts';
import { splitCodeAndTitle } from '../src/listing/merge.ts';
import { CODE_SHAPES, shapeOfCode } from '../src/listing/strategies/code-shapes.ts';
import { understandQuestion } from '../src/question/understand.ts';

const whole = (source: string) => new RegExp(`^(?:${source})$`);

describe('identifier grammar: each form accepts its shapes and nothing else', () => {
  const cases: [string, string, string[], string[]][] = [
    ['DOTTED_DASH', DOTTED_DASH, ['GV.OC-01', 'PR.AA-05', 'A.B-1', 'ABCDE.FGHIJ-123'], ['GV.OC', 'GV.OC-1234', 'gv.oc-01', 'ABCDEF.OC-01']],
    ['DOTTED', DOTTED, ['GV.OC', 'ID.AM', 'ABCDE.FG'], ['U.S', 'GV.OC-01', 'GV.ABCDEF', 'G.OC']],
    ['DASH_NUMBER', DASH_NUMBER, ['AC-2', 'P-13', 'SA-11', 'CWE-79'], ['COVID-19', 'AC-2(1)', 'AC-1234', 'ac-2']],
    ['DASH_NUMBER + ENHANCEMENT', `${DASH_NUMBER}${ENHANCEMENT}`, ['AC-2', 'AC-2(1)', 'SC-7(3)(12)'], ['AC-2()', 'AC-2(1234)']],
    ['WORD_NUMBER', WORD_NUMBER, ['GOVERN 1.1', 'MAP 5', 'MEASURE 2.10', 'MEASURE 2.100'], ['GV 1.1', 'Govern 1.1', 'MEASURE 2.x']],
    ['LETTER_NUMBER', LETTER_NUMBER, ['V5.1.1', 'A1.2', 'V3', 'V14.120', 'ABC1.2'], ['VGG16', 'GPT4', 'V', 'ABCD1.2']],
    ['DOTTED_NUMBER', DOTTED_NUMBER, ['3.1', '3.7.1', '5.4.2.1.7.9'], ['3', '1234.1', '3.']],
    ['NUMBER_PATH', NUMBER_PATH, ['3', '3.1', '3.1.1'], ['3.', '.3']],
    ['ACRONYM', ACRONYM, ['GV', 'NIST', 'ABCDE'], ['G', 'ABCDEF', 'Gv']],
    ['SERIES_NUMBER', SERIES_NUMBER, ['SP 800-53', 'SP 800-171', 'FIPS 199', 'RFC 4180', 'ISO/IEC 27001', 'NIST 800-53', 'SP800-53A', 'NISTIR 7298'], ['EUR 15', 'MAP 12', 'COCO 2015', 'GOVERNED 100', 'sp 800-53']],
  ];
  it.each(cases)('%s', (_name, source, accepted, rejected) => {
    for (const s of accepted) expect(whole(source).test(s), s).toBe(true);
    for (const s of rejected) expect(whole(source).test(s), s).toBe(false);
  });

  it('takes a wildcard for the number only where a reader asks for one', () => {
    expect(whole(dottedDash(NUM_OR_WILDCARD)).test('GV.OC-xx')).toBe(true);
    expect(whole(wordNumber(NUM_OR_WILDCARD)).test('MEASURE 2.x')).toBe(true);
    expect(whole(wordNumber(NUM_OR_WILDCARD)).test('MEASURE 2.*')).toBe(true);
    expect(whole(DOTTED_DASH).test('GV.OC-xx')).toBe(false);
  });

  it('tells a series document from a code', () => {
    expect(isSeriesNumber(' SP 800-171 ')).toBe(true);
    expect(isSeriesNumber('GOVERN 1.1')).toBe(false);
    expect(isSeriesNumber('AC-2')).toBe(false);
  });

  it('every source compiles as a JS regex and escapes literals', () => {
    expect(new RegExp(escapeRegex('GV.OC(1)')).test('GV.OC(1)')).toBe(true);
    expect(new RegExp(escapeRegex('GV.OC')).test('GVxOC')).toBe(false);
  });
});

describe('identifier grammar: the readers agree on the resolved disagreements', () => {
  it('single-level letter codes ("V3") are codes for the splitter and the question reader', () => {
    expect(splitCodeAndTitle('V3 Web Frontend Security').code).toBe('V3');
    expect(understandQuestion('What sections are in the V3 Web Frontend Security chapter?').codes).toContain('V3');
    // A name with several capitals glued to a number is not a code.
    expect(splitCodeAndTitle('VGG16').code).toBeNull();
  });

  it('three-digit numbers are code numbers everywhere ("MEASURE 2.100")', () => {
    expect(splitCodeAndTitle('MEASURE 2.100 Something measured').code).toBe('MEASURE 2.100');
    expect(understandQuestion('What does MEASURE 2.100 say?').codes).toContain('MEASURE 2.100');
    expect(shapeOfCode('MEASURE 2.100')?.shape.name).toBe('word-number');
  });

  it('a series number is read by its shape, not by a list of series names', () => {
    const u = understandQuestion('Which controls does ABCD 1234-5 list for GV.OC-01?');
    expect(u.codes).toEqual(expect.arrayContaining(['ABCD 1234-5', 'GV.OC-01']));
    expect(understandQuestion('What does FIPS 199 define?').codes).toEqual(['FIPS 199']);
    // A year after a name is not a series number.
    expect(understandQuestion('Which ILSVRC & COCO 2015 tasks were won?').codes).toEqual([]);
  });

  it('the sweep shapes find one level of each grammar form', () => {
    const byName = (n: string) => CODE_SHAPES.find((s) => s.name === n)!;
    const finds = (n: string, text: string) => [...text.matchAll(byName(n).find)].map((m) => m[0]);
    expect(finds('dotted-dash', 'GV.OC-01 and ID.AM-08')).toEqual(['GV.OC-01', 'ID.AM-08']);
    expect(finds('dotted', 'GV.OC, ID.AM and GV.OC-01')).toEqual(['GV.OC', 'ID.AM']);
    expect(finds('word-number', 'GOVERN 1.1, MAP 5 and MEASURE 2.10')).toEqual(['GOVERN 1.1', 'MEASURE 2.10']);
    // An enhancement is the level below a control: the sweep lists "AC-2", not "AC-2(1)".
    expect(finds('letters-dash-number', 'AC-2(1) and SA-11')).toEqual(['AC-2', 'SA-11']);
    expect(finds('v-number', 'V3 then V3.2 and A1.2.3')).toEqual(['V3.2', 'A1.2.3']);
    // A generalised family keeps the example's letter lengths, and the prefix when asked.
    expect(byName('dotted').generalise('GV.OC', true)).toBe('GV\\.[A-Z]{2}');
    expect(byName('dotted').generalise('GV.OC', false)).toBe('[A-Z]{2}\\.[A-Z]{2}');
    expect(byName('v-number').generalise('V3.2', false)).toBe('[A-Z]{1}\\d{1,3}\\.\\d{1,3}');
  });
});

describe('a line that opens with a code', () => {
  it('takes one label word before the code and stops where a longer code would go on', () => {
    const re = opensWithCode(String.raw`3\.3\.\d{1,3}`);
    expect(re.exec('3.3.1 Create and retain system audit logs')?.[1]).toBe('3.3.1');
    expect(re.exec('Requirement 3.3.2 Ensure that the actions')?.[1]).toBe('3.3.2');
    expect(re.test('as stated in 3.3.1 above')).toBe(false);
    expect(opensWithCode(String.raw`3\.5`, 'i').test('3.5. Identification')).toBe(true);
    expect(opensWithCode(String.raw`3\.5`, 'i').test('3.5.1 Identify users')).toBe(false);
  });
});

describe('names in capitals', () => {
  it('reads a program constant\'s name, and several of them over one description', () => {
    expect(whole(CAPITAL_NAME).test('KRB5_CONFIG')).toBe(true);
    expect(whole(CAPITAL_NAME).test('Config')).toBe(false);
    expect(capitalNames('BZ_RUN_OK, BZ_FLUSH_OK, BZ_FINISH_OK')).toEqual(['BZ_RUN_OK', 'BZ_FLUSH_OK', 'BZ_FINISH_OK']);
    // One name, option spellings and words are no such run.
    expect(capitalNames('BZ_OK')).toBeNull();
    expect(capitalNames('-h, --help')).toBeNull();
    expect(capitalNames('Work, Derived Work')).toBeNull();
  });
});

describe('names in lower case as programs write them', () => {
  it('reads several targets named over one description as one name each, and no series of words or aliases', () => {
    expect(programNames('build, build-arch, build-indep')).toEqual(['build', 'build-arch', 'build-indep']);
    expect(programNames('binary_arch, binary_indep')).toEqual(['binary_arch', 'binary_indep']);
    // Plain words in a series, one name, options (a comma joins aliases) and repeats stay whole.
    expect(programNames('red, green, blue')).toBeNull();
    expect(programNames('build-arch')).toBeNull();
    expect(programNames('-v, --verbose')).toBeNull();
    expect(programNames('Work, Derived Work')).toBeNull();
  });
});
