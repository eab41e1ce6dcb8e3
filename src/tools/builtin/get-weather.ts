import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { containsCjk } from '../cjk.ts';
import { describeWeatherCode } from './weather/weather-codes.ts';
import { type Forecast, type Place, fetchForecast, findPlace } from './weather/open-meteo.ts';

/** `get_weather`: current weather and today's temperature range for a city (Open-Meteo, keyless). */
export const getWeatherTool = defineTool({
  name: 'get_weather',
  description: [
    "Gets the current weather (conditions, temperature, wind, humidity) and today's minimum and maximum temperature for a city,",
    'from Open-Meteo. Use it for questions about weather now or today; it has no multi-day forecast or history.',
    'Give a city name, optionally with its country or region after a comma to disambiguate. Needs network access.',
    'Example: {"city": "Paris, France"}.',
  ].join(' '),
  schema: z.object({
    city: z.string().trim().min(1).max(200).describe('City name, e.g. "Tokyo", "Springfield, Illinois" or "北京".'),
    units: z.enum(['metric', 'imperial']).optional().describe('metric (°C, km/h; the default) or imperial (°F, mph).'),
  }),
  async execute({ city, units }, context) {
    const place = await findPlace(context, city, containsCjk(city) ? 'zh' : 'en');
    const forecast = await fetchForecast(context, place, units ?? 'metric');
    return describeWeather(place, forecast);
  },
});

function measure(value: number | null | undefined, unitText: string): string | null {
  return value === null || value === undefined ? null : `${value}${unitText === '%' ? '' : ' '}${unitText}`;
}

function describeWeather(place: Place, forecast: Forecast): Record<string, unknown> {
  const { current } = forecast;
  const unit = (key: string, fallback: string): string => forecast.current_units?.[key] ?? fallback;
  const temperatureUnit = unit('temperature_2m', '°C');
  const location = [place.name, place.admin1 !== place.name ? place.admin1 : undefined, place.country]
    .filter(Boolean)
    .join(', ');
  const condition = describeWeatherCode(current.weather_code);
  const temperature = measure(current.temperature_2m, temperatureUnit);
  const wind = measure(current.wind_speed_10m, unit('wind_speed_10m', 'km/h'));
  const humidity = measure(current.relative_humidity_2m, unit('relative_humidity_2m', '%'));
  const dailyUnit = forecast.daily_units?.temperature_2m_max ?? temperatureUnit;
  const minimum = forecast.daily?.temperature_2m_min[0];
  const maximum = forecast.daily?.temperature_2m_max[0];
  const today =
    minimum === undefined || maximum === undefined || minimum === null || maximum === null
      ? null
      : { date: forecast.daily?.time[0] ?? null, min: `${minimum} ${dailyUnit}`, max: `${maximum} ${dailyUnit}` };
  const summaryParts = [
    condition.toLowerCase(),
    temperature,
    wind && `wind ${wind}`,
    humidity && `humidity ${humidity}`,
  ].filter(Boolean);
  return {
    location,
    latitude: place.latitude,
    longitude: place.longitude,
    timezone: forecast.timezone ?? place.timezone ?? null,
    observed_at_local_time: current.time,
    condition,
    weather_code: current.weather_code ?? null,
    temperature,
    wind_speed: wind,
    relative_humidity: humidity,
    today,
    summary: `${location}: ${summaryParts.join(', ')}.${today ? ` Today ${minimum} to ${maximum} ${dailyUnit}.` : ''}`,
    source: 'Open-Meteo (open-meteo.com)',
  };
}
