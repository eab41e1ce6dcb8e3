/**
 * Samples random strings from a GBNF grammar (the subset src/agent/gbnf.ts writes: literals, character classes
 * with ranges and \x escapes, rule references, groups, `|`, `?`, `*`, `+`, `{m,n}`), so tests can check that every
 * string a grammar allows is a valid reply. Repetitions stop early with a fixed chance, so samples stay short.
 */

type Node =
  | { kind: 'lit'; text: string }
  | { kind: 'class'; negated: boolean; ranges: [number, number][] }
  | { kind: 'ref'; name: string }
  | { kind: 'alt'; options: Node[][] }
  | { kind: 'rep'; node: Node; min: number; max: number };

/** An element that must be there (a parse or pick bug otherwise). */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('GBNF sampler: index out of range');
  return value;
}

class Parser {
  pos = 0;
  private readonly src: string;
  constructor(source: string) {
    this.src = source;
  }
  private ws(): void {
    while (this.pos < this.src.length && /\s/.test(this.src.charAt(this.pos))) this.pos++;
  }
  private escape(): number {
    const c = this.src.charAt(this.pos++);
    if (c === 'x') {
      const code = parseInt(this.src.slice(this.pos, this.pos + 2), 16);
      this.pos += 2;
      return code;
    }
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
    return (map[c] ?? c).codePointAt(0) as number;
  }
  private literal(): Node {
    this.pos++;
    let text = '';
    while (this.src[this.pos] !== '"') {
      if (this.src[this.pos] === '\\') {
        this.pos++;
        text += String.fromCodePoint(this.escape());
      } else text += this.src[this.pos++];
    }
    this.pos++;
    return { kind: 'lit', text };
  }
  private charClass(): Node {
    this.pos++;
    const negated = this.src[this.pos] === '^';
    if (negated) this.pos++;
    const ranges: [number, number][] = [];
    const one = (): number => {
      if (this.src[this.pos] === '\\') {
        this.pos++;
        return this.escape();
      }
      return this.src.codePointAt(this.pos++) as number;
    };
    while (this.src[this.pos] !== ']') {
      const from = one();
      if (this.src[this.pos] === '-' && this.src[this.pos + 1] !== ']') {
        this.pos++;
        ranges.push([from, one()]);
      } else ranges.push([from, from]);
    }
    this.pos++;
    return { kind: 'class', negated, ranges };
  }
  private atom(): Node {
    const c = this.src[this.pos];
    if (c === '"') return this.literal();
    if (c === '[') return this.charClass();
    if (c === '(') {
      this.pos++;
      const alt = this.alternatives();
      this.ws();
      this.pos++;
      return alt;
    }
    const name = /^[a-zA-Z0-9-]+/.exec(this.src.slice(this.pos))?.[0];
    if (!name) throw new Error(`GBNF parse error at ${this.pos}: ${this.src.slice(this.pos, this.pos + 20)}`);
    this.pos += name.length;
    return { kind: 'ref', name };
  }
  private postfix(node: Node): Node {
    const c = this.src[this.pos];
    if (c === '?') return (this.pos++, { kind: 'rep', node, min: 0, max: 1 });
    if (c === '*') return (this.pos++, { kind: 'rep', node, min: 0, max: Infinity });
    if (c === '+') return (this.pos++, { kind: 'rep', node, min: 1, max: Infinity });
    const bounds = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
    if (!bounds) return node;
    this.pos += bounds[0].length;
    const min = Number(bounds[1]);
    const max = bounds[2] === undefined ? min : bounds[3] === '' ? Infinity : Number(bounds[3]);
    return { kind: 'rep', node, min, max };
  }
  alternatives(): Node {
    const options: Node[][] = [[]];
    for (;;) {
      this.ws();
      const c = this.src[this.pos];
      if (c === undefined || c === ')') break;
      if (c === '|') {
        this.pos++;
        options.push([]);
        continue;
      }
      must(options.at(-1)).push(this.postfix(this.atom()));
    }
    return { kind: 'alt', options };
  }
}

/** Parses a grammar into its rules (each `name ::= body` on one line). */
export function parseGbnf(grammar: string): Map<string, Node> {
  const rules = new Map<string, Node>();
  for (const line of grammar.split('\n')) {
    const match = /^([a-zA-Z0-9-]+) ::= (.*)$/.exec(line);
    if (match) rules.set(must(match[1]), new Parser(must(match[2])).alternatives());
  }
  return rules;
}

/** One random string the grammar allows, from `root`. */
export function sampleGbnf(grammar: string, random: () => number, stopChance = 0.3): string {
  const rules = parseGbnf(grammar);
  const pickChar = (node: Extract<Node, { kind: 'class' }>): string => {
    if (!node.negated) {
      const [from, to] = must(node.ranges[Math.floor(random() * node.ranges.length)]);
      return String.fromCodePoint(from + Math.floor(random() * (to - from + 1)));
    }
    const pool = "abcxyz AZ09.,:;!?{}[]'é中\u00e9-_/".split('');
    for (;;) {
      const c = must(pool[Math.floor(random() * pool.length)]);
      const code = c.codePointAt(0) as number;
      if (!node.ranges.some(([from, to]) => code >= from && code <= to)) return c;
    }
  };
  const walk = (node: Node, depth: number): string => {
    if (depth > 200) throw new Error('GBNF sample too deep');
    switch (node.kind) {
      case 'lit':
        return node.text;
      case 'class':
        return pickChar(node);
      case 'ref': {
        const rule = rules.get(node.name);
        if (!rule) throw new Error(`GBNF rule ${node.name} is not defined`);
        return walk(rule, depth + 1);
      }
      case 'alt': {
        const option = must(node.options[Math.floor(random() * node.options.length)]);
        return option.map((n) => walk(n, depth + 1)).join('');
      }
      case 'rep': {
        let out = '';
        let count = 0;
        while (count < node.min || (count < node.max && random() > stopChance)) {
          out += walk(node.node, depth + 1);
          count++;
        }
        return out;
      }
    }
  };
  return walk({ kind: 'ref', name: 'root' }, 0);
}
