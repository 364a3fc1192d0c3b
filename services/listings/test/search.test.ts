import { fold } from '../src/search/fold';
import { parseSearch } from '../src/search/parse';
import { rankScore } from '../src/search/score';
import { dictionarySize, parseUnits, SYNONYM_GROUPS, synonymsOf } from '../src/search/synonyms';
import { buildTextQuery, withoutLastUnit } from '../src/search/text-query';
import { editsOf, type Alternatives, type Vocabulary } from '../src/search/vocabulary';

const parse = (search: string) => parseSearch(search)!;

describe('units', () => {
  it('takes the longest dictionary phrase over its words', () => {
    expect(parseUnits(['noi', 'com', 'dien']).map((unit) => unit.words)).toEqual([['noi', 'com', 'dien']]);
    expect(parseUnits(['room', 'for', 'rent', 'milpitas']).map((unit) => unit.words)).toEqual([['room', 'for', 'rent'], ['milpitas']]);
    expect(parseUnits(['toyota', 'camry']).map((unit) => unit.words)).toEqual([['toyota'], ['camry']]);
  });

  it('can be capped below a phrase, to split it into its parts', () => {
    expect(parseUnits(['wedding', 'photographer'], undefined, 1).map((unit) => unit.words)).toEqual([['wedding'], ['photographer']]);
  });

  it('parses accented, accentless and mixed-case queries alike', () => {
    expect(parse('NỒI CƠM ĐIỆN').units.map((unit) => unit.words)).toEqual([['noi', 'com', 'dien']]);
    expect(parse('noi com dien').units.map((unit) => unit.words)).toEqual([['noi', 'com', 'dien']]);
    expect(parse('phở bò').accented).toEqual(['phở', 'bò']);
    expect(parse('pho bo').accented).toBeUndefined();
    expect(parseSearch('  …  ')).toBeUndefined();
  });
});

describe('synonyms', () => {
  it('expands English to Vietnamese and back, folded', () => {
    expect(synonymsOf(['rice', 'cooker'])).toContainEqual(['noi', 'com', 'dien']);
    expect(synonymsOf(['noi', 'com', 'dien'])).toContainEqual(['rice', 'cooker']);
    expect(synonymsOf(['tho', 'nail'])).toContainEqual(['nail', 'technician']);
    expect(synonymsOf(['house', 'cleaning'])).toContainEqual(['don', 'dep', 'nha']);
    expect(synonymsOf(['hoi', 'cho', 'tet'])).toContainEqual(['lunar', 'new', 'year', 'festival']);
  });

  it('does not add the phrase itself, and nothing for unknown words', () => {
    expect(synonymsOf(['tho', 'nail'])).not.toContainEqual(['tho', 'nail']);
    expect(synonymsOf(['helicopter'])).toEqual([]);
    expect(synonymsOf(['qwxzv'])).toEqual([]);
  });

  it('uses typed accents to choose among phrases that fold alike', () => {
    // "thuế" (tax) and "thuê" (rent) fold to "thue"; "cho thuê" is a phrase, "thuế" a word.
    expect(synonymsOf(['thue'], ['thuế'])).toContainEqual(['tax']);
    expect(synonymsOf(['cho', 'thue'], ['cho', 'thuê'])).toContainEqual(['for', 'rent']);
  });

  it('is a dictionary of real size with words and phrases in both languages', () => {
    const size = dictionarySize();
    expect(size.groups).toBeGreaterThanOrEqual(150);
    expect(size.multiWord).toBeGreaterThan(size.phrases / 3);
    for (const group of SYNONYM_GROUPS) expect(group.length).toBeGreaterThanOrEqual(2);
  });
});

describe('tsquery building', () => {
  it('matches one word whole or, while typing, as a prefix', () => {
    const text = buildTextQuery(parse('pho'));
    expect(text).toMatchObject({ match: 'pho:*', whole: 'pho', title: 'pho:*', titlePhrase: 'pho' });
    expect(text.meaning).toBeUndefined();
    expect(text.phrase).toBeUndefined();
  });

  it('ORs a unit with its synonyms as phrases; the typed words rank first', () => {
    const text = buildTextQuery(parse('rice cooker'));
    expect(text.match).toContain('(noi <-> com <-> dien)');
    expect(text.match).toContain('(rice & cooker:*)');
    expect(text.whole).toBe('(rice <-> cooker)');
    expect(text.meaning).toContain('(rice <-> cooker) | (noi <-> com <-> dien)');
  });

  it('matches a phrase of the dictionary also by its parts, but ranks only the phrase whole ("dạy kèm", not "dây … kèm")', () => {
    const text = buildTextQuery(parse('day kem'));
    expect(text.match).toMatch(/^\(\(day & kem:\*\) \| /);
    expect(text.whole).toBe('(day <-> kem)');
  });

  it('takes an incomplete last word as the start of a word when ranking', () => {
    const typing = buildTextQuery(parse('phở g'), { lastComplete: false });
    expect(typing.whole).toBe('pho & g:*');
    expect(typing.phrase).toBe('pho <-> g:*');
    expect(typing.exact).toBe('(phở | pho)');
    expect(buildTextQuery(parse('pho oakland')).whole).toBe('pho & oakland');
  });

  it('keeps the typed accents, neighbours as a phrase', () => {
    expect(buildTextQuery(parse('Bánh Mì Thịt')).exact).toBe('((bánh <-> mì <-> thịt:*) | (banh <-> mi <-> thit:*))');
    expect(buildTextQuery(parse('phở bo')).exact).toBe('(phở | pho)');
  });

  it('adds typo alternatives, and their synonyms, to a word no listing has', () => {
    const alternatives: Alternatives = new Map([[0, { words: ['plumber'], splits: [] }]]);
    const text = buildTextQuery(parse('plumbr'), { alternatives, lastComplete: false });
    expect(text.match).toContain('plumber');
    expect(text.match).toContain('(tho <-> ong <-> nuoc)');
    expect(text.whole).toBe('(plumbr:* | plumber)');
    const split = buildTextQuery(parse('banhmi'), { alternatives: new Map([[0, { words: [], splits: [['banh', 'mi']] }]]), lastComplete: false });
    expect(split.whole).toBe('(banhmi:* | (banh <-> mi))');
  });

  it('lets a mistyped word’s alternatives stand in for it in the phrase tests too ("apartmnet san jose": "Apartment San Jose")', () => {
    const alternatives: Alternatives = new Map([[0, { words: ['apartment'], splits: [] }]]);
    const text = buildTextQuery(parse('apartmnet san jose'), { alternatives });
    // Without "apartment" in the title phrase, a title with the words meant could not get the best score, and
    // the search would rank every match instead of stopping at the best-scored page.
    expect(text.titlePhrase).toMatch(/^\(apartmnet \| apartment \| .*\) <-> san <-> jose:\*$/);
    expect(text.phrase).toBe(text.titlePhrase);
  });

  it("tests the title phrase's words in any order first, the unit with the fewest forms first", () => {
    const text = buildTextQuery(parse('apartment san jose'));
    expect(text.titlePhrase).toMatch(/^\(apartment \| .*\) <-> san <-> jose:\*$/);
    // "san jose" has no synonyms, so its plain words go first: most titles fail at "san" without the others tested.
    expect(text.titleUnordered).toMatch(/^san & jose:\* & \(apartment \| \(can & ho\) \| .*\)$/);
    expect(text.titleUnordered).not.toContain('<->');
    expect(buildTextQuery(parse('pho')).titleUnordered).toBe('pho');
  });

  it('never lets typed text reach the tsquery syntax', () => {
    const text = buildTextQuery(parse("pho' & !bo | (x:*)"));
    for (const query of Object.values(text)) expect(query).not.toMatch(/'|!/);
  });
});

describe('rank score', () => {
  it('puts whole units first (as typed or by a synonym), then the title, the words as typed weighing like the phrase in the title', () => {
    const rank = rankScore(buildTextQuery(parse('rice cooker')));
    expect(rank.sql.match(/then (\d+)/g)).toEqual(['then 64', 'then 8', 'then 2', 'then 8']);
    expect(rank.bindings).toHaveLength(4);
  });

  it('counts a listing without the accented words (found by a synonym) as having no other accent form of them', () => {
    const rank = rankScore(buildTextQuery(parse('tủ lạnh')));
    expect(rank.sql).toContain("(l.exact_vector @@ to_tsquery('simple', ?) or not l.match_vector @@ to_tsquery('simple', ?)) then 16");
    expect(rank.bindings).toContain('((tủ <-> lạnh:*) | (tu <-> lanh:*))');
    expect(rank.bindings).toContain('(tu <-> lanh:*)');
  });

  it('tests the typed accents only where the units stand together', () => {
    const rank = rankScore(buildTextQuery(parse('phở g'), { lastComplete: false }));
    expect(rank.sql).toContain("(case when l.match_vector @@ to_tsquery('simple', ?) then 4 + (case when (l.exact_vector");
    expect(rank.bindings.slice(-3)).toEqual(['pho <-> g:*', '(phở | pho)', 'pho']);
  });
});

describe('a shorter query when too little matches', () => {
  const knowing = (...words: string[]): Vocabulary => ({ alternatives: new Map(), lastComplete: true, known: new Set(words) });

  it('drops the last unit, and matches no word of the shorter query as a prefix', () => {
    const shorter = withoutLastUnit(parse('phở oakland'), knowing('pho', 'oakland'))!;
    expect(shorter.terms.folded).toEqual(['pho']);
    expect(shorter.terms.accented).toEqual(['phở']);
    expect(buildTextQuery(shorter.terms, shorter.vocabulary).whole).toBe('pho');
  });

  it('never drops a word no listing has: that word is what was asked for', () => {
    expect(withoutLastUnit(parse('phở westminster'), knowing('pho'))).toBeUndefined();
  });

  it('shortens one phrase of three words, never one of two (one Vietnamese word) or a single word', () => {
    expect(withoutLastUnit(parse('bun bo hue'), knowing('bun', 'bo', 'hue'))?.terms.folded).toEqual(['bun', 'bo']);
    expect(withoutLastUnit(parse('tủ lạnh'), knowing('tu', 'lanh'))).toBeUndefined();
    expect(withoutLastUnit(parse('pho'), knowing('pho'))).toBeUndefined();
  });
});

describe('typo edits', () => {
  it('lists every string one Damerau edit away', () => {
    const edits = editsOf('iphnoe');
    expect(edits).toContain('iphone');
    expect(edits).toContain('iphoe');
    expect(editsOf('plumbr')).toContain('plumber');
    expect(edits).not.toContain('iphnoe');
  });

  it('folds like the database', () => {
    expect(fold('Đồ Ăn Chay')).toBe('do an chay');
  });
});
