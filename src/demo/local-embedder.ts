import { ENGLISH_STOPWORDS } from '../context/stopwords.ts';

/**
 * The demo provider's embedder: deterministic and local, not a trained model. A text becomes hashed character
 * trigrams of its words (and the characters and character pairs of its Chinese text), plus a few "concepts" from a
 * small bilingual synonym table, so "cat" and "pet" or "猫" and "宠物" land near each other. Labelled as such
 * wherever it shows (Settings, the memory span).
 */
export const DEMO_EMBEDDING_MODEL = 'glassbox-demo-embed';
/** What the demo embedder is called where people read it. */
export const DEMO_EMBEDDER_LABEL =
  'local demo embedder (hashed character n-grams + a small synonym table, not a trained model)';

const NGRAM_DIMENSIONS = 192;

/** Each concept: English words (singular, lower case) and Chinese terms that mean roughly the same. */
const CONCEPTS: ReadonlyArray<readonly [english: string, chinese: string]> = [
  ['pet cat kitten kitty dog puppy hamster parrot rabbit', '宠物 猫 狗 仓鼠 鹦鹉 兔'],
  ['colour color red blue green teal yellow purple orange pink', '颜色 红 蓝 绿 黄 紫 粉'],
  ['food eat meal dish dinner lunch breakfast pizza pasta sushi cook vegetarian vegan', '食物 吃 菜 饭 餐 素食'],
  ['drink coffee tea beer wine juice', '喝 饮料 咖啡 茶 酒'],
  ['live home city town address move apartment', '住 城市 搬家 公寓 地址'],
  ['work job employer office company colleague boss career', '工作 公司 上班 同事 老板 职业'],
  ['birthday born age anniversary', '生日 出生 岁 纪念日'],
  ['allergy allergic peanut pollen gluten', '过敏 花生 花粉'],
  ['language speak english chinese french spanish german', '语言 英语 中文 法语 西班牙语 德语'],
  ['travel trip flight fly holiday vacation journey', '旅行 旅游 航班 飞机 假期'],
  [
    'family wife husband son daughter mother mom father dad sister brother kid child children parent',
    '家人 妻子 丈夫 儿子 女儿 妈妈 爸爸 孩子 父母',
  ],
  ['music song band guitar piano concert', '音乐 歌 乐队 吉他 钢琴 音乐会'],
  ['sport running football soccer tennis swim swimming gym bike cycling', '运动 跑步 足球 网球 游泳 健身 骑车'],
  ['weather rain rainy sunny snow temperature forecast', '天气 下雨 晴 雪 温度 预报'],
  ['meeting meet appointment schedule calendar deadline', '会议 开会 约会 日程 截止'],
  ['health doctor medicine sick hospital', '健康 医生 药 生病 医院'],
  ['metric imperial celsius fahrenheit kilometre kilometer mile unit', '公制 英制 摄氏 华氏 公里 英里 单位'],
  ['car drive driving vehicle', '汽车 开车 车'],
  ['book read reading novel author', '书 读书 小说 作者'],
];

/** Total dimensions: hashed n-grams, then one per concept. */
export const DEMO_EMBEDDING_DIMENSIONS = NGRAM_DIMENSIONS + CONCEPTS.length;

const ENGLISH_CONCEPT = new Map<string, number>();
const CHINESE_CONCEPT: Array<[term: string, concept: number]> = [];
CONCEPTS.forEach(([english, chinese], concept) => {
  for (const word of english.split(' ')) ENGLISH_CONCEPT.set(word, concept);
  for (const term of chinese.split(' ')) CHINESE_CONCEPT.push([term, concept]);
});

const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;
/** How much the concepts weigh against the character n-grams. */
const CONCEPT_WEIGHT = 1.2;

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function addNormalised(target: Float32Array, part: Float32Array, weight: number): void {
  let sum = 0;
  for (const value of part) sum += value * value;
  if (sum === 0) return;
  const scale = weight / Math.sqrt(sum);
  for (let index = 0; index < part.length; index += 1) target[index] = target[index]! + part[index]! * scale;
}

/** The demo embedding of a text: a unit vector of {@link DEMO_EMBEDDING_DIMENSIONS} numbers (zero for no words). */
export function embedLocally(text: string): number[] {
  const normalised = text.normalize('NFKC').toLowerCase();
  const grams = new Float32Array(DEMO_EMBEDDING_DIMENSIONS);
  const concepts = new Float32Array(DEMO_EMBEDDING_DIMENSIONS);
  const latin = normalised.replace(HAN_RUN, ' ');
  for (const match of latin.matchAll(LATIN_WORD)) {
    const word = singular(match[0]);
    if (ENGLISH_STOPWORDS.has(match[0]) || word.length < 2) continue;
    const padded = `^${word}$`;
    for (let index = 0; index + 3 <= padded.length; index += 1)
      grams[hash(padded.slice(index, index + 3)) % NGRAM_DIMENSIONS]! += 1;
    const concept = ENGLISH_CONCEPT.get(word) ?? ENGLISH_CONCEPT.get(match[0]);
    if (concept !== undefined) concepts[NGRAM_DIMENSIONS + concept] = 1;
  }
  for (const [run] of normalised.matchAll(HAN_RUN)) {
    const characters = [...run];
    characters.forEach((character, index) => {
      grams[hash(character) % NGRAM_DIMENSIONS]! += 0.5;
      const next = characters[index + 1];
      if (next !== undefined) grams[hash(character + next) % NGRAM_DIMENSIONS]! += 1;
    });
  }
  for (const [term, concept] of CHINESE_CONCEPT)
    if (normalised.includes(term)) concepts[NGRAM_DIMENSIONS + concept] = 1;
  const vector = new Float32Array(DEMO_EMBEDDING_DIMENSIONS);
  addNormalised(vector, grams, 1);
  addNormalised(vector, concepts, CONCEPT_WEIGHT);
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return Array.from(vector, (value) => (length === 0 ? 0 : Math.round((value / length) * 1e6) / 1e6));
}

/** An OpenAI `/embeddings` response body for a request body, embedded locally; an error message for a bad body. */
export function localEmbeddingsResponse(body: unknown): { body: unknown } | { error: string } {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const input = record.input;
  const texts =
    typeof input === 'string'
      ? [input]
      : Array.isArray(input) && input.every((item) => typeof item === 'string')
        ? (input as string[])
        : undefined;
  if (!texts || texts.length === 0) return { error: '`input` must be a string or a non-empty array of strings.' };
  const model = typeof record.model === 'string' && record.model !== '' ? record.model : DEMO_EMBEDDING_MODEL;
  const tokens = texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  return {
    body: {
      object: 'list',
      model,
      data: texts.map((text, index) => ({ object: 'embedding', index, embedding: embedLocally(text) })),
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}
