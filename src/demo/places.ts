import type { DemoLanguage } from './text.ts';

/** A city the demo recognises by name, with the English name sent to tools and its IANA time zone. */
export interface KnownPlace {
  english: string;
  chinese: string;
  timeZone: string;
  aliases?: readonly string[];
}

/** Cities the scripted model recognises without capitalisation cues (Chinese names in particular). */
export const KNOWN_PLACES: readonly KnownPlace[] = [
  { english: 'Beijing', chinese: '北京', timeZone: 'Asia/Shanghai', aliases: ['Peking'] },
  { english: 'Shanghai', chinese: '上海', timeZone: 'Asia/Shanghai' },
  { english: 'Guangzhou', chinese: '广州', timeZone: 'Asia/Shanghai' },
  { english: 'Shenzhen', chinese: '深圳', timeZone: 'Asia/Shanghai' },
  { english: 'Hangzhou', chinese: '杭州', timeZone: 'Asia/Shanghai' },
  { english: 'Chengdu', chinese: '成都', timeZone: 'Asia/Shanghai' },
  { english: 'Wuhan', chinese: '武汉', timeZone: 'Asia/Shanghai' },
  { english: "Xi'an", chinese: '西安', timeZone: 'Asia/Shanghai', aliases: ['Xian'] },
  { english: 'Nanjing', chinese: '南京', timeZone: 'Asia/Shanghai' },
  { english: 'Chongqing', chinese: '重庆', timeZone: 'Asia/Shanghai' },
  { english: 'Harbin', chinese: '哈尔滨', timeZone: 'Asia/Shanghai' },
  { english: 'Hong Kong', chinese: '香港', timeZone: 'Asia/Hong_Kong' },
  { english: 'Taipei', chinese: '台北', timeZone: 'Asia/Taipei' },
  { english: 'Singapore', chinese: '新加坡', timeZone: 'Asia/Singapore' },
  { english: 'Tokyo', chinese: '东京', timeZone: 'Asia/Tokyo' },
  { english: 'Seoul', chinese: '首尔', timeZone: 'Asia/Seoul' },
  { english: 'Bangkok', chinese: '曼谷', timeZone: 'Asia/Bangkok' },
  { english: 'Delhi', chinese: '德里', timeZone: 'Asia/Kolkata', aliases: ['New Delhi'] },
  { english: 'Mumbai', chinese: '孟买', timeZone: 'Asia/Kolkata' },
  { english: 'Dubai', chinese: '迪拜', timeZone: 'Asia/Dubai' },
  { english: 'Moscow', chinese: '莫斯科', timeZone: 'Europe/Moscow' },
  { english: 'London', chinese: '伦敦', timeZone: 'Europe/London' },
  { english: 'Paris', chinese: '巴黎', timeZone: 'Europe/Paris' },
  { english: 'Berlin', chinese: '柏林', timeZone: 'Europe/Berlin' },
  { english: 'Madrid', chinese: '马德里', timeZone: 'Europe/Madrid' },
  { english: 'Rome', chinese: '罗马', timeZone: 'Europe/Rome' },
  { english: 'Amsterdam', chinese: '阿姆斯特丹', timeZone: 'Europe/Amsterdam' },
  { english: 'Edinburgh', chinese: '爱丁堡', timeZone: 'Europe/London' },
  { english: 'New York', chinese: '纽约', timeZone: 'America/New_York', aliases: ['NYC'] },
  { english: 'Los Angeles', chinese: '洛杉矶', timeZone: 'America/Los_Angeles', aliases: ['LA'] },
  { english: 'San Francisco', chinese: '旧金山', timeZone: 'America/Los_Angeles' },
  { english: 'Chicago', chinese: '芝加哥', timeZone: 'America/Chicago' },
  { english: 'Toronto', chinese: '多伦多', timeZone: 'America/Toronto' },
  { english: 'Vancouver', chinese: '温哥华', timeZone: 'America/Vancouver' },
  { english: 'Mexico City', chinese: '墨西哥城', timeZone: 'America/Mexico_City' },
  { english: 'São Paulo', chinese: '圣保罗', timeZone: 'America/Sao_Paulo', aliases: ['Sao Paulo'] },
  { english: 'Sydney', chinese: '悉尼', timeZone: 'Australia/Sydney' },
  { english: 'Melbourne', chinese: '墨尔本', timeZone: 'Australia/Melbourne' },
  { english: 'Cairo', chinese: '开罗', timeZone: 'Africa/Cairo' },
  { english: 'Nairobi', chinese: '内罗毕', timeZone: 'Africa/Nairobi' },
];

/** A place by the English name tools were called with, as the user's language writes it (广州 for Guangzhou). */
export function placeFromToolCity(city: string, language: DemoLanguage): FoundPlace {
  const known = KNOWN_PLACES.find((place) =>
    [place.english, place.chinese, ...(place.aliases ?? [])].some((name) => name.toLowerCase() === city.toLowerCase()),
  );
  if (!known) return { written: city, query: city, position: 0 };
  return {
    written: language === 'zh' ? known.chinese : known.english,
    query: known.english,
    timeZone: known.timeZone,
    position: 0,
  };
}

/** A place found in text: how the user wrote it, the name to send to tools, and where it appeared. */
export interface FoundPlace {
  written: string;
  query: string;
  timeZone?: string;
  position: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/** Known cities mentioned in the text, in order of appearance, without duplicates. */
export function findKnownPlaces(text: string): FoundPlace[] {
  const found: FoundPlace[] = [];
  for (const place of KNOWN_PLACES) {
    const names = [place.chinese, place.english, ...(place.aliases ?? [])];
    for (const name of names) {
      const isChinese = name === place.chinese;
      const pattern = isChinese ? new RegExp(escapeRegExp(name), 'u') : new RegExp(`\\b${escapeRegExp(name)}\\b`, 'iu');
      const match = pattern.exec(text);
      if (match) {
        found.push({ written: match[0], query: place.english, timeZone: place.timeZone, position: match.index });
        break;
      }
    }
  }
  return found.sort((left, right) => left.position - right.position);
}

const STOP_WORDS = new Set(['the', 'my', 'your', 'today', 'tomorrow', 'now', 'there', 'here', 'it', 'this', 'a', 'an']);

/** A capitalised place after "in/for/at" in English text, for cities the demo does not know by name. */
export function findPlaceAfterPreposition(text: string): FoundPlace | undefined {
  const pattern = /\b(?:in|for|at|of)\s+((?:[A-Z][\p{L}'.-]*)(?:\s+[A-Z][\p{L}'.-]*){0,2})/gu;
  for (const match of text.matchAll(pattern)) {
    const name = match[1];
    if (name === undefined || STOP_WORDS.has(name.toLowerCase())) continue;
    return { written: name, query: name, position: match.index ?? 0 };
  }
  return undefined;
}

/** Chinese text right before 天气/气温/温度 (e.g. 拉萨 in 拉萨天气怎么样), for cities the demo does not know. */
export function findChinesePlaceBeforeWeatherWord(text: string): FoundPlace | undefined {
  const match = /([\u4e00-\u9fff]{2,6}?)(?:今天|明天|现在|目前)?的?(?:天气|气温|温度)/u.exec(text);
  const name = match?.[1]?.replace(/^(?:请问|帮我查一?下|查一?下|看看|告诉我|今天|现在)/u, '');
  if (!match || !name || name.length < 2 || /^(?:今天|明天|现在|目前|外面|这里)$/u.test(name)) return undefined;
  // "那个城市" and the like point at a city; they are not one.
  if (/那个|这个|哪个|那里|这里|城市/u.test(name)) return undefined;
  return { written: name, query: name, position: match.index };
}
