/**
 * Words that say nothing about what a message is about, left out of memory-recall queries so that a note is
 * recalled for sharing a topic with the message, not for sharing "the" or "的".
 */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just let lets me more most my myself no nor not now of off on once only or ' +
    'other our ours ourselves out over own please same she should so some such than that the their theirs them themselves then ' +
    'there these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves tell know show give get got make want need like also may might must shall ' +
    'hi hello hey thanks thank ok okay yes yeah sure s t re ve m ll d'
  ).split(' '),
);

/**
 * Chinese characters that are almost always grammatical (particles, pronouns, question words); a query's CJK
 * text is split at them, so "北京的天气怎么样" searches for "北京" and "天气".
 */
export const CHINESE_STOP_CHARACTERS: ReadonlySet<string> = new Set([
  ...'的了吗呢吧啊呀嘛哦么们是我你您他她它这那哪什怎样请帮告诉和与及把被给就都也还很嗎麼為們個這請幫樣訴',
]);

/**
 * Chinese characters that mostly build compound words (天 in 今天, 每天, 天气; 上 in 上班, 上午) and so say little on
 * their own: sharing one of them alone does not make a note related to a message. Other single characters (茶, 猫,
 * 车) often are the topic and do count.
 */
export const COMMON_COMPOUND_CHARACTERS: ReadonlySet<string> = new Set([
  ...('天年月日时今明昨早晚上下中大小多少一二三四五六七八九十百千万两个人子儿们来去出进到过回会能可要想得着说看做用' +
    '有没不无也都又再还就才只很太最更好对错新旧高低长短前后里外左右东西南北地方点分次些种样事情所以为因而但如果' +
    '与及等把被让给从向在于之其自己每各几何同和该第家生发成作当起开动行心手面头本主意部全实气机公工业正经同现'),
]);
