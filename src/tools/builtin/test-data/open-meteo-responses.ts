// Shaped like real Open-Meteo answers (geocoding-api.open-meteo.com/v1/search and api.open-meteo.com/v1/forecast).

export const geocodingBerlin = {
  results: [
    {
      id: 2950159,
      name: 'Berlin',
      latitude: 52.52437,
      longitude: 13.41053,
      elevation: 74.0,
      feature_code: 'PPLC',
      country_code: 'DE',
      admin1_id: 2950157,
      admin3_id: 6547383,
      admin4_id: 6547539,
      timezone: 'Europe/Berlin',
      population: 3426354,
      postcodes: ['10967', '13347'],
      country_id: 2921044,
      country: 'Germany',
      admin1: 'Land Berlin',
      admin3: 'Berlin, Stadt',
      admin4: 'Berlin',
    },
  ],
  generationtime_ms: 0.9219646,
};

export const geocodingParisTen = {
  results: [
    {
      id: 2988507,
      name: 'Paris',
      latitude: 48.85341,
      longitude: 2.3488,
      elevation: 42.0,
      feature_code: 'PPLC',
      country_code: 'FR',
      admin1_id: 3012874,
      admin2_id: 2968815,
      timezone: 'Europe/Paris',
      population: 2138551,
      country_id: 3017382,
      country: 'France',
      admin1: 'Île-de-France',
      admin2: 'Paris',
    },
    {
      id: 4717560,
      name: 'Paris',
      latitude: 33.66094,
      longitude: -95.55551,
      elevation: 183.0,
      feature_code: 'PPLA2',
      country_code: 'US',
      admin1_id: 4736286,
      admin2_id: 4705086,
      timezone: 'America/Chicago',
      population: 24782,
      postcodes: ['75460', '75461', '75462'],
      country_id: 6252001,
      country: 'United States',
      admin1: 'Texas',
      admin2: 'Lamar',
    },
    {
      id: 4647963,
      name: 'Paris',
      latitude: 36.302,
      longitude: -88.32671,
      elevation: 157.0,
      feature_code: 'PPLA2',
      country_code: 'US',
      admin1_id: 4662168,
      admin2_id: 4630223,
      timezone: 'America/Chicago',
      population: 10156,
      country_id: 6252001,
      country: 'United States',
      admin1: 'Tennessee',
      admin2: 'Henry',
    },
  ],
  generationtime_ms: 1.3420582,
};

export const geocodingBeijingChinese = {
  results: [
    {
      id: 1816670,
      name: '北京市',
      latitude: 39.9075,
      longitude: 116.39723,
      elevation: 63.0,
      feature_code: 'PPLC',
      country_code: 'CN',
      admin1_id: 2038349,
      timezone: 'Asia/Shanghai',
      population: 18960744,
      country_id: 1814991,
      country: '中国',
      admin1: '北京市',
    },
  ],
  generationtime_ms: 0.71811676,
};

/** What the geocoder answers when nothing matches: no `results` key at all. */
export const geocodingNoResults = { generationtime_ms: 0.4839897 };

export const forecastBerlin = {
  latitude: 52.52,
  longitude: 13.419998,
  generationtime_ms: 0.05602836608886719,
  utc_offset_seconds: 7200,
  timezone: 'Europe/Berlin',
  timezone_abbreviation: 'GMT+2',
  elevation: 38.0,
  current_units: {
    time: 'iso8601',
    interval: 'seconds',
    temperature_2m: '°C',
    weather_code: 'wmo code',
    wind_speed_10m: 'km/h',
    relative_humidity_2m: '%',
  },
  current: {
    time: '2025-06-01T14:15',
    interval: 900,
    temperature_2m: 22.4,
    weather_code: 3,
    wind_speed_10m: 11.2,
    relative_humidity_2m: 48,
  },
  daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C' },
  daily: { time: ['2025-06-01'], temperature_2m_max: [24.1], temperature_2m_min: [13.0] },
};

export const forecastParisTexasImperial = {
  latitude: 33.66094,
  longitude: -95.55551,
  generationtime_ms: 0.04,
  utc_offset_seconds: -18000,
  timezone: 'America/Chicago',
  timezone_abbreviation: 'GMT-5',
  elevation: 183.0,
  current_units: {
    time: 'iso8601',
    interval: 'seconds',
    temperature_2m: '°F',
    weather_code: 'wmo code',
    wind_speed_10m: 'mp/h',
    relative_humidity_2m: '%',
  },
  current: {
    time: '2025-06-01T07:15',
    interval: 900,
    temperature_2m: 71.6,
    weather_code: 95,
    wind_speed_10m: 9.8,
    relative_humidity_2m: 88,
  },
  daily_units: { time: 'iso8601', temperature_2m_max: '°F', temperature_2m_min: '°F' },
  daily: { time: ['2025-06-01'], temperature_2m_max: [86.2], temperature_2m_min: [68.9] },
};

export const forecastBeijing = {
  latitude: 39.875,
  longitude: 116.375,
  generationtime_ms: 0.03,
  utc_offset_seconds: 28800,
  timezone: 'Asia/Shanghai',
  timezone_abbreviation: 'GMT+8',
  elevation: 49.0,
  current_units: {
    time: 'iso8601',
    interval: 'seconds',
    temperature_2m: '°C',
    weather_code: 'wmo code',
    wind_speed_10m: 'km/h',
    relative_humidity_2m: '%',
  },
  current: {
    time: '2025-01-15T08:00',
    interval: 900,
    temperature_2m: -6.3,
    weather_code: 0,
    wind_speed_10m: 4.7,
    relative_humidity_2m: 31,
  },
  daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C' },
  daily: { time: ['2025-01-15'], temperature_2m_max: [2.1], temperature_2m_min: [-8.4] },
};

/** Open-Meteo's error body (HTTP 400). */
export const forecastError = { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 91.0.' };
