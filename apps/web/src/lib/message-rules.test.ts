import { HEADER_MESSAGE_HARD_CAP, HEADER_MESSAGE_PAGE_SIZE } from '@srm/contracts/constants';
import {
  NOTICE_CHANNELS as C_CHANNELS,
  NOTICE_CONTENT_MAX as C_CONTENT_MAX,
  NOTICE_STATUS as C_STATUS,
  NOTICE_TITLE_MAX as C_TITLE_MAX,
  NOTICE_TYPES as C_TYPES,
} from '@srm/contracts/message';
import { describe, expect, it } from 'vitest';
import {
  cutHeaderList,
  dictLabel,
  endAfterStart,
  HEADER_HARD_CAP,
  HEADER_PAGE_SIZE,
  isUsableList,
  messageListError,
  mqttUsername,
  NOTICE_CHANNELS,
  NOTICE_CONTENT_MAX,
  NOTICE_STATUS,
  NOTICE_TITLE_MAX,
  NOTICE_TYPES,
  normaliseReceivers,
  pushText,
  pushTopic,
  resolveMqttUrl,
} from './message-rules.ts';

describe('header list cut (spec 000 §9)', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  it('uses the constants of the contracts', () => {
    expect(HEADER_PAGE_SIZE).toBe(HEADER_MESSAGE_PAGE_SIZE);
    expect(HEADER_HARD_CAP).toBe(HEADER_MESSAGE_HARD_CAP);
  });
  it('cuts to 5', () => {
    expect(cutHeaderList(rows)).toEqual([0, 1, 2, 3, 4]);
    expect(cutHeaderList(rows.slice(0, 3))).toEqual([0, 1, 2]);
  });
  it('never shows more than the hard cap of 10, whatever the page size', () => {
    expect(cutHeaderList(rows, 50)).toHaveLength(10);
    expect(cutHeaderList(rows, 8)).toHaveLength(8);
  });
  it('treats missing records as empty', () => {
    expect(cutHeaderList(null)).toEqual([]);
    expect(cutHeaderList(undefined)).toEqual([]);
  });
});

describe('header list error text (spec 000 §8)', () => {
  const zh = '获取消息列表失败，';
  const en = 'Failed to get message list, ';
  it('non-200 code: prefix plus the server message', () => {
    expect(
      messageListError(zh, { kind: 'response', code: '500', message: '服务器错误', statusText: 'OK' }),
    ).toBe('获取消息列表失败，服务器错误');
  });
  it('empty data without a message: prefix plus the status text', () => {
    expect(messageListError(en, { kind: 'response', message: '', statusText: 'Bad Request' })).toBe(
      'Failed to get message list, Bad Request',
    );
  });
  it('exception: prefix plus the exception message', () => {
    expect(messageListError(en, { kind: 'exception', error: new Error('timeout of 20000ms exceeded') })).toBe(
      'Failed to get message list, timeout of 20000ms exceeded',
    );
    expect(messageListError(zh, { kind: 'exception', error: 'boom' })).toBe('获取消息列表失败，boom');
  });
  it('nothing to add: the unknown-error text', () => {
    expect(messageListError(en, { kind: 'exception', error: {} }, 'Unknown error')).toBe(
      'Failed to get message list, Unknown error',
    );
  });
  it('accepts only code 200 with a records array', () => {
    expect(isUsableList({ code: '200', data: { records: [] } })).toBe(true);
    expect(isUsableList({ code: '200', data: null })).toBe(false);
    expect(isUsableList({ code: '200', data: {} })).toBe(false);
    expect(isUsableList({ code: '403', data: { records: [] } })).toBe(false);
    expect(isUsableList(null)).toBe(false);
  });
});

describe('message channel address (issue #4)', () => {
  it('resolves the same-origin path against the page', () => {
    expect(resolveMqttUrl('/mqtt', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe(
      'ws://127.0.0.1:8080/mqtt',
    );
    expect(resolveMqttUrl('/mqtt', { protocol: 'https:', host: 'srm.example.com' })).toBe(
      'wss://srm.example.com/mqtt',
    );
    expect(resolveMqttUrl('mqtt', { protocol: 'http:', host: 'h' })).toBe('ws://h/mqtt');
  });
  it('keeps an absolute ws(s) URL, maps http(s) to ws(s)', () => {
    expect(resolveMqttUrl('wss://broker.example.com:8084/mqtt', { protocol: 'http:', host: 'x' })).toBe(
      'wss://broker.example.com:8084/mqtt',
    );
    expect(resolveMqttUrl('https://broker.example.com/mqtt', { protocol: 'http:', host: 'x' })).toBe(
      'wss://broker.example.com/mqtt',
    );
  });
  it('topic from the login data, else srm/{env}/{account}/{sub}', () => {
    expect(pushTopic({ mqttTopic: 'srm/demo/200001/admin', env: 'demo' }, '200001', 'admin')).toBe(
      'srm/demo/200001/admin',
    );
    expect(pushTopic({ env: 'prod' }, '100000', 'buyer1')).toBe('srm/prod/100000/buyer1');
    expect(pushTopic(null, '100000', 'buyer1')).toBe('srm/demo/100000/buyer1');
  });
  it('username is account_subaccount', () => {
    expect(mqttUsername('200001', 'admin')).toBe('200001_admin');
  });
  it('payload is UTF-8 text', () => {
    expect(pushText(new TextEncoder().encode('新公告：供应商大会'))).toBe('新公告：供应商大会');
    expect(pushText('plain')).toBe('plain');
  });
});

describe('announcement dictionaries and rules', () => {
  it('match the contracts (kept zod-free in the browser)', () => {
    expect(NOTICE_TYPES).toEqual(C_TYPES);
    expect(NOTICE_STATUS).toEqual(C_STATUS);
    expect(NOTICE_CHANNELS).toEqual(C_CHANNELS);
    expect(NOTICE_TITLE_MAX).toBe(C_TITLE_MAX);
    expect(NOTICE_CONTENT_MAX).toBe(C_CONTENT_MAX);
  });
  it('labels in both languages, the raw value when unknown', () => {
    expect(dictLabel(NOTICE_STATUS, '1', 'zh_cn')).toBe('已发布');
    expect(dictLabel(NOTICE_STATUS, '1', 'en')).toBe('Published');
    expect(dictLabel(NOTICE_TYPES, '9', 'en')).toBe('9');
    expect(dictLabel(NOTICE_TYPES, null, 'en')).toBe('');
  });
  it('end must be after start', () => {
    expect(endAfterStart(new Date(1000), new Date(2000))).toBe(true);
    expect(endAfterStart(new Date(2000), new Date(2000))).toBe(false);
    expect(endAfterStart(new Date(3000), new Date(2000))).toBe(false);
    expect(endAfterStart(null, new Date(2000))).toBe(true);
  });
  it('receivers are trimmed and de-duplicated', () => {
    expect(normaliseReceivers([' 200001', '200001', '', '200002 '])).toEqual(['200001', '200002']);
    expect(normaliseReceivers(undefined)).toEqual([]);
  });
});
