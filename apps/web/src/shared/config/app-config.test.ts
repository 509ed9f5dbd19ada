import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './app-config.ts';

const answer = {
  application_id: 7,
  country_id: 54,
  entity_type_id: 3,
  sale_condition_id: 2,
  help_chat_url: 'https://ayuda.cubierto.com.ar',
  credit_wallet_mode: true,
  google_client_id: 'google-id',
  apple_client_id: null,
  facebook_app_id: null,
  checkout_methods: ['mercadopago', 'sandbox'],
  analytics_id: 'G-1',
  tag_manager_id: null,
  session_recording_id: null,
  test_mode: true,
};

describe('parseAppConfig', () => {
  it('reads every field of the API answer', () => {
    expect(parseAppConfig({ data: { ...answer, version: '1.4.0' } })).toEqual({
      ...answer,
      version: '1.4.0',
    });
  });

  it('fills the fields an older API does not send', () => {
    const {
      checkout_methods: _m,
      analytics_id: _a,
      tag_manager_id: _t,
      session_recording_id: _s,
      test_mode: _x,
      ...older
    } = answer;
    expect(parseAppConfig({ data: older })).toEqual({
      ...older,
      checkout_methods: [],
      analytics_id: null,
      tag_manager_id: null,
      session_recording_id: null,
      test_mode: false,
    });
  });

  it.each([
    ['no data', {}],
    ['data not an object', { data: 'x' }],
    ['application_id missing', { data: { ...answer, application_id: undefined } }],
    ['entity_type_id missing', { data: { ...answer, entity_type_id: undefined } }],
    ['country_id missing', { data: { ...answer, country_id: undefined } }],
    ['sale_condition_id a string', { data: { ...answer, sale_condition_id: '2' } }],
    ['application_id a string', { data: { ...answer, application_id: '7' } }],
    ['credit_wallet_mode a string', { data: { ...answer, credit_wallet_mode: 'true' } }],
    ['google_client_id a number', { data: { ...answer, google_client_id: 1 } }],
    ['an unknown checkout method', { data: { ...answer, checkout_methods: ['bitcoin'] } }],
    ['checkout_methods not a list', { data: { ...answer, checkout_methods: 'sandbox' } }],
    ['test_mode null', { data: { ...answer, test_mode: null } }],
    ['version a number', { data: { ...answer, version: 1 } }],
  ])('refuses an answer with %s', (_case, body) => {
    expect(() => parseAppConfig(body)).toThrow(TypeError);
  });
});
