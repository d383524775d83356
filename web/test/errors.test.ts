import assert from 'node:assert/strict';
import test from 'node:test';
import { BridgeError } from '../src/errors.js';

test('W4 a prefixed JSON reason is rebuilt', () => {
  const error = BridgeError.fromRejection('TodayBridgeError:{"code":"timeout","message":"late","recoverable":false}');
  assert.deepEqual([error.code, error.message, error.recoverable, error.name], ['timeout', 'late', false, 'BridgeError']);
});

test('W4 a plain string reason still works, as code failed', () => {
  const error = BridgeError.fromRejection('no session');
  assert.deepEqual([error.code, error.message, error.recoverable], ['failed', 'no session', false]);
});

test('W4 WebKit wraps the reason in an Error: its message is read', () => {
  const error = BridgeError.fromRejection(new Error('TodayBridgeError:{"code":"busy","message":"too many","recoverable":true}'));
  assert.deepEqual([error.code, error.recoverable], ['busy', true]);
});

test('W4 garbage after the prefix is still a BridgeError with the raw text', () => {
  const error = BridgeError.fromRejection('TodayBridgeError:{nope');
  assert.deepEqual([error.code, error.message], ['failed', 'TodayBridgeError:{nope']);
  assert.equal(BridgeError.fromRejection('TodayBridgeError:{"code":1}').code, 'failed');
});

test('W4 a BridgeError passes through unchanged', () => {
  const original = new BridgeError('x', 'y');
  assert.equal(BridgeError.fromRejection(original), original);
});
