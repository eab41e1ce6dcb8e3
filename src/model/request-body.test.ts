import { describe, expect, it } from 'vitest';
import { ModelError } from './model-error.ts';
import { buildChatRequestBody, rejectedOption } from './request-body.ts';

const request = { messages: [{ role: 'user' as const, content: 'Hi' }] };

describe('buildChatRequestBody', () => {
  it('omits what was not asked for and what the endpoint rejected', () => {
    expect(buildChatRequestBody({ model: 'm', request, stream: false, temperature: null, dropped: new Set() })).toEqual(
      { model: 'm', messages: request.messages },
    );
    const dropped = buildChatRequestBody({
      model: 'm',
      request: { ...request, maxOutputTokens: 50 },
      stream: true,
      temperature: 1,
      dropped: new Set(['stream_options', 'temperature', 'max_tokens'] as const),
    });
    expect(dropped).toEqual({ model: 'm', messages: request.messages, max_completion_tokens: 50, stream: true });
  });

  it('lets the request’s temperature win over the configured one, including 0', () => {
    expect(
      buildChatRequestBody({
        model: 'm',
        request: { ...request, temperature: 0 },
        stream: false,
        temperature: 0.9,
        dropped: new Set(),
      }).temperature,
    ).toBe(0);
  });
});

describe('rejectedOption', () => {
  const body = buildChatRequestBody({
    model: 'm',
    request: { ...request, maxOutputTokens: 9 },
    stream: true,
    temperature: 0.2,
    dropped: new Set(),
  });

  it('recognises rejections of stream_options, max_tokens and temperature', () => {
    expect(
      rejectedOption(
        new ModelError('bad-request', 'body.stream_options: Extra inputs are not permitted', { status: 422 }),
        body,
      ),
    ).toBe('stream_options');
    expect(
      rejectedOption(
        new ModelError('bad-request', "Unsupported parameter: 'max_tokens' is not supported with this model.", {
          status: 400,
          code: 'unsupported_parameter',
        }),
        body,
      ),
    ).toBe('max_tokens');
    expect(
      rejectedOption(
        new ModelError(
          'bad-request',
          "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
          { status: 400 },
        ),
        body,
      ),
    ).toBe('temperature');
  });

  it('ignores unrelated failures', () => {
    expect(
      rejectedOption(new ModelError('bad-request', 'messages: invalid role', { status: 400 }), body),
    ).toBeUndefined();
    expect(rejectedOption(new ModelError('server', 'stream_options broke us', { status: 500 }), body)).toBeUndefined();
  });
});
