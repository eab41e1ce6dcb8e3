import { afterEach, describe, it, expect, vi } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { createReplayFetch, hangingFetch, jsonResponse, offlineFetch } from '../testing/replay-fetch.ts';
import { getWeatherTool } from './get-weather.ts';
import {
  forecastBeijing,
  forecastBerlin,
  forecastError,
  forecastParisTexasImperial,
  geocodingBeijingChinese,
  geocodingBerlin,
  geocodingNoResults,
  geocodingParisTen,
} from './test-data/open-meteo-responses.ts';

const weather = (
  fetch: typeof globalThis.fetch,
  args: { city: string; units?: 'metric' | 'imperial' },
  signal?: AbortSignal,
) => getWeatherTool.execute(args, createTestToolContext({ fetch, ...(signal ? { signal } : {}) }));

afterEach(() => {
  vi.useRealTimers();
});

describe('get_weather', () => {
  it("geocodes the city, then reads current conditions and today's range", async () => {
    const fetch = createReplayFetch([
      { match: 'geocoding-api.open-meteo.com', respond: () => jsonResponse(geocodingBerlin) },
      { match: 'api.open-meteo.com/v1/forecast', respond: () => jsonResponse(forecastBerlin) },
    ]);
    const result = await weather(fetch, { city: 'Berlin' });
    expect(result).toEqual({
      location: 'Berlin, Land Berlin, Germany',
      latitude: 52.52437,
      longitude: 13.41053,
      timezone: 'Europe/Berlin',
      observed_at_local_time: '2025-06-01T14:15',
      condition: 'Overcast',
      weather_code: 3,
      temperature: '22.4 °C',
      wind_speed: '11.2 km/h',
      relative_humidity: '48%',
      today: { date: '2025-06-01', min: '13 °C', max: '24.1 °C' },
      summary: 'Berlin, Land Berlin, Germany: overcast, 22.4 °C, wind 11.2 km/h, humidity 48%. Today 13 to 24.1 °C.',
      source: 'Open-Meteo (open-meteo.com)',
    });
    const [geocoding, forecast] = fetch.requests;
    expect(geocoding?.searchParams.get('name')).toBe('Berlin');
    expect(geocoding?.searchParams.get('count')).toBe('1');
    expect(geocoding?.searchParams.get('language')).toBe('en');
    expect(forecast?.searchParams.get('latitude')).toBe('52.52437');
    expect(forecast?.searchParams.get('current')).toBe(
      'temperature_2m,weather_code,wind_speed_10m,relative_humidity_2m',
    );
    expect(forecast?.searchParams.get('daily')).toBe('temperature_2m_max,temperature_2m_min');
    expect(forecast?.searchParams.get('timezone')).toBe('auto');
    expect(forecast?.searchParams.get('forecast_days')).toBe('1');
  });

  it('uses the qualifier after a comma to pick among namesakes, and imperial units', async () => {
    const fetch = createReplayFetch([
      { match: 'geocoding-api', respond: () => jsonResponse(geocodingParisTen) },
      { match: 'forecast', respond: () => jsonResponse(forecastParisTexasImperial) },
    ]);
    const result = await weather(fetch, { city: 'Paris, Texas', units: 'imperial' });
    expect(result).toMatchObject({
      location: 'Paris, Texas, United States',
      condition: 'Thunderstorm',
      temperature: '71.6 °F',
    });
    expect(fetch.requests[0]?.searchParams.get('name')).toBe('Paris');
    expect(fetch.requests[0]?.searchParams.get('count')).toBe('10');
    expect(fetch.requests[1]?.searchParams.get('temperature_unit')).toBe('fahrenheit');
    expect(fetch.requests[1]?.searchParams.get('wind_speed_unit')).toBe('mph');
  });

  it('geocodes Chinese names in Chinese', async () => {
    const fetch = createReplayFetch([
      { match: 'geocoding-api', respond: () => jsonResponse(geocodingBeijingChinese) },
      { match: 'forecast', respond: () => jsonResponse(forecastBeijing) },
    ]);
    const result = await weather(fetch, { city: '北京' });
    expect(fetch.requests[0]?.searchParams.get('language')).toBe('zh');
    expect(result).toMatchObject({
      location: '北京市, 中国',
      condition: 'Clear sky',
      temperature: '-6.3 °C',
      today: { min: '-8.4 °C' },
    });
  });

  it('reports an unknown city clearly', async () => {
    const fetch = createReplayFetch([{ match: 'geocoding-api', respond: () => jsonResponse(geocodingNoResults) }]);
    await expect(weather(fetch, { city: 'Atlantisopolis' })).rejects.toThrow(
      'No place called "Atlantisopolis" was found',
    );
    expect(fetch.requests).toHaveLength(1);
  });

  it('says it needs the network when offline', async () => {
    await expect(weather(offlineFetch, { city: 'Berlin' })).rejects.toThrow(
      'get_weather needs network access and could not reach Open-Meteo geocoding (offline?): Failed to fetch',
    );
  });

  it("passes on the API's error reason", async () => {
    const fetch = createReplayFetch([
      { match: 'geocoding-api', respond: () => jsonResponse(geocodingBerlin) },
      { match: 'forecast', respond: () => jsonResponse(forecastError, 400) },
    ]);
    await expect(weather(fetch, { city: 'Berlin' })).rejects.toThrow(
      'Open-Meteo forecast answered HTTP 400: Latitude must be in range of -90 to 90°',
    );
  });

  it('rejects a response without current conditions', async () => {
    const fetch = createReplayFetch([
      { match: 'geocoding-api', respond: () => jsonResponse(geocodingBerlin) },
      { match: 'forecast', respond: () => jsonResponse({ latitude: 1 }) },
    ]);
    await expect(weather(fetch, { city: 'Berlin' })).rejects.toThrow('unexpected response');
  });

  it('gives up after 8 seconds', async () => {
    vi.useFakeTimers();
    const outcome = expect(weather(hangingFetch, { city: 'Berlin' })).rejects.toThrow(
      'get_weather timed out after 8 s',
    );
    await vi.advanceTimersByTimeAsync(7999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    const pending = weather(hangingFetch, { city: 'Berlin' }, controller.signal);
    controller.abort(new DOMException('Stopped by the user', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError', message: 'Stopped by the user' });
  });
});
