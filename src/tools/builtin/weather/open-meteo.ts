import { z } from 'zod';
import type { ToolContext } from '../../tool-context.ts';
import { ToolError } from '../../tool-error.ts';
import { fetchJson } from '../network/fetch-json.ts';

/** How long each Open-Meteo request may take. */
export const OPEN_METEO_TIMEOUT_MS = 8000;

/** A place found by the geocoding API. */
export type Place = z.infer<typeof placeSchema>;

/** Measurement units for the forecast. */
export type Units = 'metric' | 'imperial';

const placeSchema = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  country: z.string().optional(),
  country_code: z.string().optional(),
  admin1: z.string().optional(),
  timezone: z.string().optional(),
  population: z.number().optional(),
});

const geocodingSchema = z.object({ results: z.array(placeSchema).optional() });

const nullableNumber = z.number().nullable().optional();

const forecastSchema = z.object({
  timezone: z.string().optional(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z.object({
    time: z.string(),
    temperature_2m: nullableNumber,
    weather_code: nullableNumber,
    wind_speed_10m: nullableNumber,
    relative_humidity_2m: nullableNumber,
  }),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z
    .object({
      time: z.array(z.string()),
      temperature_2m_max: z.array(z.number().nullable()),
      temperature_2m_min: z.array(z.number().nullable()),
    })
    .optional(),
});

/** The forecast response fields the tool reads. */
export type Forecast = z.infer<typeof forecastSchema>;

/** The geocoding request URL for a place name. */
export function geocodingUrl(name: string, language: string, count: number): string {
  const parameters = new URLSearchParams({ name, count: String(count), language, format: 'json' });
  return `https://geocoding-api.open-meteo.com/v1/search?${parameters.toString()}`;
}

/** The forecast request URL for coordinates: current conditions and today's range, in the place's time zone. */
export function forecastUrl(place: Pick<Place, 'latitude' | 'longitude'>, units: Units): string {
  const parameters = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    current: 'temperature_2m,weather_code,wind_speed_10m,relative_humidity_2m',
    daily: 'temperature_2m_max,temperature_2m_min',
    timezone: 'auto',
    forecast_days: '1',
  });
  if (units === 'imperial') {
    parameters.set('temperature_unit', 'fahrenheit');
    parameters.set('wind_speed_unit', 'mph');
  }
  return `https://api.open-meteo.com/v1/forecast?${parameters.toString()}`;
}

/**
 * Finds a place by name. "Paris, France" or "Springfield, Illinois" searches for the part before the comma and
 * prefers the result whose country, region or country code matches the rest.
 */
export async function findPlace(
  context: Pick<ToolContext, 'fetch' | 'signal'>,
  query: string,
  language: string,
): Promise<Place> {
  const [name = '', ...qualifiers] = query.split(/[,，]/).map((part) => part.trim());
  const qualifier = qualifiers.filter(Boolean).join(' ').toLowerCase();
  const body = await fetchJson(context, geocodingUrl(name, language, qualifier ? 10 : 1), {
    toolName: 'get_weather',
    service: 'Open-Meteo geocoding',
    timeoutMs: OPEN_METEO_TIMEOUT_MS,
  });
  const parsed = geocodingSchema.safeParse(body);
  if (!parsed.success) throw new ToolError('Open-Meteo geocoding sent an unexpected response.');
  const results = parsed.data.results ?? [];
  const preferred = qualifier
    ? results.find((place) =>
        [place.country, place.admin1, place.country_code].some(
          (field) => field && qualifier.includes(field.toLowerCase()),
        ),
      )
    : undefined;
  const place = preferred ?? results[0];
  if (!place) {
    throw new ToolError(
      `No place called "${query}" was found. Check the spelling, or give a bigger nearby city (a city name alone works best, e.g. "Munich" or "Munich, Germany").`,
    );
  }
  return place;
}

/** Fetches current conditions and today's temperature range for a place. */
export async function fetchForecast(
  context: Pick<ToolContext, 'fetch' | 'signal'>,
  place: Place,
  units: Units,
): Promise<Forecast> {
  const body = await fetchJson(context, forecastUrl(place, units), {
    toolName: 'get_weather',
    service: 'Open-Meteo forecast',
    timeoutMs: OPEN_METEO_TIMEOUT_MS,
  });
  const parsed = forecastSchema.safeParse(body);
  if (!parsed.success) throw new ToolError('Open-Meteo forecast sent an unexpected response (no current conditions).');
  return parsed.data;
}
