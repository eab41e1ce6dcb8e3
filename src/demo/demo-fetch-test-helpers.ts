import type { ToolSpec } from '../model/model.ts';

export const tools: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'calculator',
      description: 'Evaluates arithmetic',
      parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather now',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];
