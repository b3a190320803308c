import { parseLoggingSettings } from '../../config/logging-settings';
import { prettyLine } from './pretty-lines';

describe('logging settings', () => {
  it('logs JSON at info unless stdout is a terminal, and takes LOG_LEVEL and LOG_FORMAT', () => {
    expect(parseLoggingSettings({}, false)).toEqual({ level: 'info', format: 'json' });
    expect(parseLoggingSettings({}, true)).toEqual({ level: 'info', format: 'pretty' });
    expect(parseLoggingSettings({ LOG_FORMAT: 'json' }, true)).toEqual({ level: 'info', format: 'json' });
    expect(parseLoggingSettings({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'pretty' }, false)).toEqual({ level: 'debug', format: 'pretty' });
  });

  it('refuses a level or format it does not know', () => {
    expect(() => parseLoggingSettings({ LOG_LEVEL: 'loud' }, false)).toThrow(/LOG_LEVEL must be one of/);
    expect(() => parseLoggingSettings({ LOG_FORMAT: 'xml' }, false)).toThrow(/LOG_FORMAT must be auto, json or pretty/);
  });
});

describe('prettyLine', () => {
  it('shows the time, level, source and message, then every other field', () => {
    const json = JSON.stringify({
      level: 'warn',
      time: '2026-11-26T16:31:32.371Z',
      pid: 1,
      hostname: 'vm',
      context: 'HTTP',
      requestId: 'abc',
      status: 503,
      msg: 'request completed',
    });
    expect(prettyLine(json, false)).toBe('16:31:32.371 WARN  [HTTP] request completed  requestId=abc status=503\n');
    expect(prettyLine(json, true)).toContain('\x1b[33mWARN \x1b[0m');
  });
});
