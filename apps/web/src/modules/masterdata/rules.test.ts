import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import type { Category, Supplier } from './api.ts';
import { rowErrors } from './api.ts';
import { SUPPLIER_FORM } from './i18n-masterdata.ts';
import {
  BANK_ACCOUNT,
  CURRENCY,
  findCategory,
  level3Options,
  namedFields,
  optional,
  parentIds,
  SOCIAL_CREDIT_CODE,
  SUPPLIER_CODE,
  supplierBody,
  supplierNameOk,
  supplierValues,
  TELPHONE,
} from './rules.ts';

const node = (id: string, level: number, children: Category[] = []): Category => ({
  id,
  parentId: null,
  cateLevel: level,
  cateCode: id.toUpperCase(),
  cateName: `name ${id}`,
  sortOrder: 0,
  version: 0,
  children,
});
const tree = [node('a', 1, [node('b', 2, [node('c', 3)])]), node('d', 1)];

describe('master-data rules', () => {
  it('lets only level-3 categories be picked', () => {
    const opts = level3Options(tree);
    expect(opts[0]?.selectable).toBe(false);
    expect(opts[0]?.children?.[0]?.selectable).toBe(false);
    expect(opts[0]?.children?.[0]?.children?.[0]).toMatchObject({
      value: 'c',
      selectable: true,
      title: 'name c (C)',
    });
    expect(opts[1]?.children).toBeUndefined();
  });
  it('finds categories and parents', () => {
    expect(findCategory(tree, 'c')?.cateLevel).toBe(3);
    expect(findCategory(tree, 'x')).toBeNull();
    expect(parentIds(tree)).toEqual(['a', 'b']);
  });
  it('reads import row errors', () => {
    expect(rowErrors({ errors: [{ row: 3, field: 'materialNumber', message: 'required' }] })).toEqual([
      { row: 3, field: 'materialNumber', message: 'required' },
    ]);
    expect(rowErrors(null)).toBeNull();
    expect(rowErrors({ errors: [] })).toBeNull();
  });
  it('trims optional text', () => {
    expect(optional('  ')).toBeUndefined();
    expect(optional(' x ')).toBe('x');
    expect(optional(null)).toBeUndefined();
  });
});

describe('supplier form', () => {
  const record: Supplier = {
    id: '0b7e2d4c-0000-4000-8000-000000000001',
    toElsAccount: '200001',
    supplierCode: 'S200001',
    fullName: '苏州恒达电子科技有限公司',
    shortName: '恒达电子',
    socialCreditCode: null,
    supplierType: '生产商',
    supplierStatus: 'qualified',
    currency: 'CNY',
    paymentClause: null,
    contacts: [{ name: '王强', telphone: '13900000001', wxNo: 'wangqiang_hd' }],
    banks: [{ bankCode: '102305000000', bankAccount: '1102020309000012345' }],
    addresses: [{ country: 'CN', address: '江苏省苏州市工业园区金鸡湖大道 88 号' }],
    version: 4,
  };

  it('starts a new record as a stranger, in CNY, with one empty contact row', () => {
    expect(supplierValues(null)).toMatchObject({
      supplierStatus: 'stranger',
      currency: 'CNY',
      contacts: [{}],
      banks: [],
      addresses: [],
    });
  });

  it('saves an edit with its id and version, and the same lists it read', () => {
    const body = supplierBody(supplierValues(record), record);
    expect(body).toMatchObject({ id: record.id, version: 4, toElsAccount: '200001', shortName: '恒达电子' });
    expect(body.socialCreditCode).toBeUndefined();
    expect(body.paymentClause).toBeUndefined();
    expect(body.contacts).toEqual(record.contacts);
    expect(body.banks).toEqual(record.banks);
    expect(body.addresses).toEqual(record.addresses);
  });

  it('trims, upper-cases the currency, drops empty optional fields and empty rows', () => {
    const body = supplierBody(
      {
        toElsAccount: ' 200123 ',
        supplierCode: ' S-200123 ',
        fullName: '  新供应商有限公司 ',
        shortName: '   ',
        supplierStatus: 'potential',
        currency: 'usd',
        contacts: [{}, { name: ' 张三 ', telphone: ' ', wxNo: '' }, { name: '', telphone: '' }],
        banks: [{ bankCode: '', bankAccount: ' 6222020200001234 ' }],
        addresses: [{ country: '', address: '' }],
      },
      null,
    );
    expect(body).toEqual({
      toElsAccount: '200123',
      supplierCode: 'S-200123',
      fullName: '新供应商有限公司',
      shortName: undefined,
      socialCreditCode: undefined,
      supplierType: undefined,
      supplierStatus: 'potential',
      currency: 'USD',
      paymentClause: undefined,
      contacts: [{ name: '张三' }],
      banks: [{ bankAccount: '6222020200001234' }],
      addresses: [],
    });
    expect(body).not.toHaveProperty('id');
  });

  it('checks like the server: name length, code, credit code, phone, bank account, currency', () => {
    expect(supplierNameOk('恒达电')).toBe(true);
    expect(supplierNameOk('恒达')).toBe(false);
    expect(supplierNameOk('名'.repeat(40))).toBe(true);
    expect(supplierNameOk('名'.repeat(41))).toBe(false);
    expect(SUPPLIER_CODE.test('S-200.1_A')).toBe(true);
    expect(SUPPLIER_CODE.test('S 2')).toBe(false);
    expect(SOCIAL_CREDIT_CODE.test('91320594MA1XXXXX0A')).toBe(true);
    expect(SOCIAL_CREDIT_CODE.test('91320594ma1xxxxx0a')).toBe(false);
    expect(TELPHONE.test('13900000001')).toBe(true);
    expect(TELPHONE.test('0512-66668888')).toBe(true);
    expect(TELPHONE.test('12345')).toBe(false);
    expect(BANK_ACCOUNT.test('1234567')).toBe(false);
    expect(BANK_ACCOUNT.test('12345678')).toBe(true);
    expect(CURRENCY.test('CNY')).toBe(true);
    expect(CURRENCY.test('cny')).toBe(false);
  });

  it('finds the fields a server message names', () => {
    expect(
      namedFields('Invalid input: body.contacts.0.telphone has an invalid format; body.fullName …'),
    ).toEqual([['contacts', 0, 'telphone'], ['fullName']]);
    expect(namedFields('The record was changed by someone else')).toEqual([]);
  });

  it('has every form text in zh_cn and en', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const zh = keys(SUPPLIER_FORM.zh_cn).sort();
    expect(zh).toEqual(keys(SUPPLIER_FORM.en).sort());
    expect(i18n.t('masterdata:supplier.newTitle', { lng: 'zh_cn' })).toBe('新建供应商');
    expect(i18n.t('masterdata:supplier.newTitle', { lng: 'en' })).toBe('New supplier');
    // The existing texts of the namespace are still there.
    expect(i18n.t('masterdata:supplier.fullName', { lng: 'zh_cn' })).toBe('供应商全称');
  });
});
