/** ApiError: stable codes, the analyst's sentence in Russian, and no secrets anywhere. */
import { describe, expect, it } from 'vitest';
import { ApiError, describeApiError, redactSecrets, userMessageFor } from '../../src-main/api/errors';

describe('ApiError', () => {
  it('balance_exhausted tells the analyst to top up and promises no double charge; contracts say so', () => {
    const e = new ApiError({ code: 'balance_exhausted', status: 402, requestId: 'req_0123456789abcdef0123', message: 'x' });
    expect(e.userMessage).toBe('Баланс тендеров исчерпан: пополните его, и синхронизация продолжится с того же места без повторной оплаты.');
    expect(e.retryable).toBe(false);
    expect(new ApiError({ code: 'balance_exhausted', message: 'x', balance: 'contracts' }).userMessage).toMatch(/^Баланс контрактов исчерпан/);
  });

  it('every known code has one Russian sentence; unknown codes get a generic one naming the code', () => {
    for (const code of ['unauthorized', 'invalid_session', 'rate_limit_exceeded', 'network', 'timeout', 'bad_response', 'cancelled', 'internal_error', 'validation_error', 'unprocessable_entity', 'invalid_cursor', 'cursor_expired', 'not_found', 'api_key_limit_reached', 'idempotency_key_required']) {
      const m = userMessageFor(code);
      expect(m).toMatch(/[а-яё]/i);
      expect(m.endsWith('.')).toBe(true);
      expect(m.split(/[.!?]\s/).length).toBe(1);
    }
    expect(userMessageFor('unauthorized')).toMatch(/токен/);
    expect(userMessageFor('rate_limit_exceeded', { retryAfterMs: 12_300 })).toMatch(/подождите 13 с/);
    expect(userMessageFor('something_new')).toContain('something_new');
  });

  it('describeApiError gives the sentence plus code, HTTP status and request_id; other errors are described too', () => {
    const e = new ApiError({ code: 'not_found', status: 404, requestId: 'req_0123456789abcdef0123', message: 'GET /tenders/{tender_id} answered 404' });
    expect(describeApiError(e)).toBe(`${e.userMessage} (код not_found, HTTP 404, запрос req_0123456789abcdef0123)`);
    expect(describeApiError(new Error('boom'))).toBe('Непредвиденная ошибка: boom');
    expect(e.toJSON()).toMatchObject({ name: 'ApiError', code: 'not_found', status: 404, requestId: 'req_0123456789abcdef0123', retryable: false });
  });

  it('section 5: tokens are redacted from messages, by pattern and by exact value', () => {
    const live = 'tenderwb_live_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const short = 'twb_test_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const e = new ApiError({ code: 'unauthorized', message: `rejected ${live} and ${short} and Bearer secret-value` });
    expect(e.message).not.toContain('AbCdEf');
    expect(e.message).not.toContain('secret-value');
    expect(e.message).toContain('tenderwb_live_***');
    expect(redactSecrets('x my-custom-token y', ['my-custom-token'])).toBe('x *** y');
    expect(describeApiError(new Error(`failed with ${live}`))).not.toContain(live);
  });
});
