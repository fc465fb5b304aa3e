// OpenAI- and Azure-style error bodies.

export interface ErrorBody {
  error: {
    message: string;
    type: string | null;
    param: string | null;
    code: string | null;
    [extra: string]: unknown;
  };
}

export function errorBody(message: string, opts: { type?: string | null; param?: string | null; code?: string | null } = {}): ErrorBody {
  return {
    error: { message, type: opts.type ?? 'invalid_request_error', param: opts.param ?? null, code: opts.code ?? null },
  };
}

/** A generic body for an injected status. */
export function bodyForStatus(status: number): ErrorBody {
  if (status === 429) return rateLimitBody();
  if (status === 401) return errorBody('Incorrect API key provided.', { code: 'invalid_api_key' });
  if (status >= 500) {
    return errorBody('The server had an error while processing your request. Sorry about that!', {
      type: 'server_error',
    });
  }
  return errorBody(`Injected error with status ${status}.`);
}

export function rateLimitBody(): ErrorBody {
  return errorBody('Rate limit reached for requests. Please try again later.', {
    type: 'requests',
    code: 'rate_limit_exceeded',
  });
}

/** The 400 that Azure OpenAI (and OpenAI's moderation) sends when the prompt trips the content filter. */
export function contentFilterBody(): ErrorBody {
  return {
    error: {
      message:
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. " +
        'Please modify your prompt and retry.',
      type: null,
      param: 'prompt',
      code: 'content_filter',
      status: 400,
      innererror: {
        code: 'ResponsibleAIPolicyViolation',
        content_filter_result: {
          hate: { filtered: true, severity: 'medium' },
          self_harm: { filtered: false, severity: 'safe' },
          sexual: { filtered: false, severity: 'safe' },
          violence: { filtered: false, severity: 'safe' },
        },
      },
    },
  };
}
