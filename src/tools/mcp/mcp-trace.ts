import type { ToolContext } from '../tool-context.ts';

/** Runs one MCP exchange (initialize, tools/list, tools/call) in a span of its own. */
export type McpExchangeTracer = <T>(
  method: string,
  work: () => Promise<T>,
  detail?: { tool?: string; attributes?: () => Record<string, unknown> },
) => Promise<T>;

/** For connections nobody traces (listing a server's tools from Settings). */
export const untracedExchanges: McpExchangeTracer = (_method, work) => work();

/** The semantic-convention attribute of the JSON-RPC method (OpenTelemetry MCP conventions). */
export const MCP_METHOD_ATTRIBUTE = 'mcp.method.name';

/** A result the server reports as a failed tool call: the exchange worked, the tool did not. */
export class McpToolResultError extends Error {
  override name = 'tool_error';
}

/**
 * Exchanges as `mcp` spans inside the call's tool span: method, tool, server URL, and — after the work — the
 * attributes `detail.attributes` reports (the session id, the transport); an error ends the span as an error
 * (`cancelled` when the call was stopped).
 */
export function traceExchanges(
  context: Pick<ToolContext, 'startChildSpan' | 'signal'>,
  serverUrl: string,
): McpExchangeTracer {
  const start = context.startChildSpan;
  if (!start) return untracedExchanges;
  return async (method, work, detail) => {
    const span = start({
      kind: 'mcp',
      name: detail?.tool ? `${method} ${detail.tool}` : method,
      attributes: {
        [MCP_METHOD_ATTRIBUTE]: method,
        'url.full': serverUrl,
        ...(detail?.tool ? { 'gen_ai.tool.name': detail.tool } : {}),
      },
    });
    try {
      const value = await work();
      span.setAttributes(detail?.attributes?.() ?? {});
      span.end('ok');
      return value;
    } catch (error) {
      span.setAttributes(detail?.attributes?.() ?? {});
      if (context.signal.aborted) span.end('cancelled');
      else
        span.end('error', {
          type: error instanceof Error ? error.name || 'Error' : 'Error',
          message: error instanceof Error ? error.message : String(error),
        });
      throw error;
    }
  };
}
