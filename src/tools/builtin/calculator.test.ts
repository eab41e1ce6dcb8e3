import { describe, it, expect } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { calculatorTool } from './calculator.ts';

describe('calculator tool', () => {
  it('returns the expression and the result', async () => {
    expect(await calculatorTool.execute({ expression: ' (1 + sqrt(5)) / 2 ' }, createTestToolContext())).toEqual({
      expression: '(1 + sqrt(5)) / 2',
      result: 1.61803398875,
    });
  });

  it("fails with the parser's message", async () => {
    await expect(calculatorTool.execute({ expression: '2 / 0' }, createTestToolContext())).rejects.toThrow(
      'Division by zero',
    );
  });

  it('asks for an expression string', () => {
    expect(calculatorTool.parameters).toMatchObject({
      required: ['expression'],
      properties: { expression: { type: 'string' } },
    });
    expect(calculatorTool.restricted).toBe(false);
  });
});
