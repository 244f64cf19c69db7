import { describe, expect, it } from 'vitest';
import { checkAddress, isAllowedAddress, parseIPv4Number, parseIpLiteral } from './address.ts';

describe('parseIpLiteral', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['10.1', '10.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['%31%32%37.0.0.1', '127.0.0.1'],
    ['１２７.０.０.１', '127.0.0.1'],
    ['127。0。0。1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
  ])('reads %s as IPv4 %s', (spelling, address) => {
    expect(parseIpLiteral(spelling)).toEqual({ family: 4, address });
  });

  it.each([
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[0:0:0:0:0:0:0:1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[::ffff:7f00:1]', '::ffff:7f00:1'],
    ['[0:0:0:0:0:ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[FD00:EC2::254]', 'fd00:ec2::254'],
  ])('reads %s as IPv6 %s', (spelling, address) => {
    expect(parseIpLiteral(spelling)).toEqual({ family: 6, address });
  });

  it('keeps the zone id of a scoped address, also when percent-encoded', () => {
    expect(parseIpLiteral('[fe80::1%eth0]')).toEqual({ family: 6, address: 'fe80::1', zone: 'eth0' });
    expect(parseIpLiteral('fe80::1%25eth0')).toEqual({ family: 6, address: 'fe80::1', zone: 'eth0' });
  });

  it.each([
    'example.com',
    'localhost',
    '127.0.0.1.nip.io',
    '1.2.3.08',
    '08',
    '4294967296',
    '0x100000000',
    '256.0.0.1',
    '1.2.3.4.5',
    '1..2',
    '',
    '[::1',
    '::g',
    '::ffff:0177.0.0.1',
    '::ffff:1.2.3',
    '::ffff:256.0.0.1',
  ])('does not read %s as an address', (spelling) => {
    expect(parseIpLiteral(spelling)).toBeUndefined();
  });

  it('parseIPv4Number follows inet_aton', () => {
    expect(parseIPv4Number('1.2.3.4')).toBe(0x01020304);
    expect(parseIPv4Number('1.2.65535')).toBe(0x0102ffff);
    expect(parseIPv4Number('1.2.65536')).toBeUndefined();
    expect(parseIPv4Number('1.16777215')).toBe(0x01ffffff);
    expect(parseIPv4Number('99999999999999999999999999999999999')).toBeUndefined();
  });
});

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.100.100.200', 'metadata'],
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['192.0.0.192', 'metadata'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['2130706433', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['::ffff:0:127.0.0.1', 'reserved'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b:1::1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:c0a8:101::', 'private'],
    ['2001::1', 'tunnel'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'],
    ['2001:db8::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'reserved'],
    ['3fff::1', 'documentation'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'scoped'],
    ['2606:4700::1%eth0', 'scoped'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
    expect(isAllowedAddress(address)).toBe(false);
  });

  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['1.1.1.1', '1.1.1.1'],
    ['93.184.215.14', '93.184.215.14'],
    ['172.32.0.1', '172.32.0.1'],
    ['100.128.0.1', '100.128.0.1'],
    ['2606:4700:4700::1111', '2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e', '2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8', '::ffff:808:808'],
    ['64:ff9b::8.8.8.8', '64:ff9b::808:808'],
    ['2002:808:808::1', '2002:808:808::1'],
  ])('allows the public address %s', (address, canonical) => {
    expect(checkAddress(address)).toEqual({ allowed: true, address: canonical });
  });
});
