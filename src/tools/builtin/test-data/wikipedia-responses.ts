// Shaped like real MediaWiki Action API answers with format=json&formatversion=2.

export const searchEiffelTower = {
  batchcomplete: true,
  continue: { sroffset: 2, continue: '-||' },
  query: {
    searchinfo: { totalhits: 6184 },
    search: [
      {
        ns: 0,
        title: 'Eiffel Tower',
        pageid: 9232,
        snippet:
          'The <span class="searchmatch">Eiffel</span> <span class="searchmatch">Tower</span> (/ˈaɪfəl/ EYE-fəl; French: tour <span class="searchmatch">Eiffel</span> [tuʁ ɛfɛl] ) is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave &quot;<span class="searchmatch">Eiffel</span>&quot; &amp; his company',
      },
      {
        ns: 0,
        title: 'Gustave Eiffel',
        pageid: 160405,
        snippet:
          'Alexandre Gustave <span class="searchmatch">Eiffel</span> (born Bonickhausen dit <span class="searchmatch">Eiffel</span>; 15 December 1832 – 27 December 1923) was a French civil engineer. A graduate of École Centrale',
      },
    ],
  },
};

export const extractsEiffelTower = {
  batchcomplete: true,
  query: {
    pages: [
      {
        pageid: 160405,
        ns: 0,
        title: 'Gustave Eiffel',
        extract:
          'Alexandre Gustave Eiffel (born Bonickhausen dit Eiffel; 15 December 1832 – 27 December 1923) was a French civil engineer. A graduate of École Centrale des Arts et Manufactures, he made his name with various bridges for the French railway network, most famously the Garabit Viaduct.',
      },
      {
        pageid: 9232,
        ns: 0,
        title: 'Eiffel Tower',
        extract:
          'The Eiffel Tower ( EYE-fəl; French: Tour Eiffel [tuʁ ɛfɛl] ) is a wrought-iron lattice tower on the Champ de Mars in Paris, France. It is named after the engineer Gustave Eiffel, whose company designed and built the tower from 1887 to 1889.\nLocally nicknamed "La dame de fer" (French for "Iron Lady"), it was constructed as the centrepiece of the 1889 World\'s Fair, and to crown the centennial anniversary of the French Revolution. Although initially criticised by some of France\'s leading artists and intellectuals for its design, it has since become a global cultural icon of France and one of the most recognisable structures in the world. The tower received 5,889,000 visitors in 2022. The Eiffel Tower is the most visited monument with an entrance fee in the world: 6.91 million people ascended it in 2015. It was designated a monument historique in 1964, and was named part of a UNESCO World Heritage Site ("Paris, Banks of the Seine") in 1991.',
      },
    ],
  },
};

export const searchGreatWallChinese = {
  batchcomplete: true,
  continue: { sroffset: 1, continue: '-||' },
  query: {
    searchinfo: { totalhits: 2811 },
    search: [
      {
        ns: 0,
        title: '长城',
        pageid: 5206,
        snippet:
          '<span class="searchmatch">长城</span>（英语：Great Wall），又稱<span class="searchmatch">萬里長城</span>，是中國古代的軍事防禦工事，是一道高大、堅固而且連綿不斷的長垣',
      },
    ],
  },
};

export const extractsGreatWallChinese = {
  batchcomplete: true,
  query: {
    pages: [
      {
        pageid: 5206,
        ns: 0,
        title: '长城',
        extract: '长城（英语：Great Wall），又称万里长城，是中国古代的军事防御工事。',
      },
    ],
  },
};

/** A search with no hits but a spelling suggestion. */
export const searchNoHitsWithSuggestion = {
  batchcomplete: true,
  query: { searchinfo: { totalhits: 0, suggestion: 'eiffel tower', suggestionsnippet: 'eiffel tower' }, search: [] },
};

/** MediaWiki's error envelope (sent with HTTP 200). */
export const searchApiError = {
  error: {
    code: 'nosrsearch',
    info: 'The "srsearch" parameter must be set.',
    docref: 'See https://en.wikipedia.org/w/api.php for API usage.',
  },
  servedby: 'mw-api-ext.eqiad.main-7d9c6f6b8-x2x5m',
};
