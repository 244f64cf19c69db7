// The fault bench's fixed loopback ports, one a service: a refused mail server must come back on its own
// port, and the bench machine is shared, so the ports stay in a range set aside for it.
export const FAULT_PORTS = { server: 8400, smtp: 8401, recurly: 8402, instagram: 8403 } as const;
