/**
 * The kv load generators: the workload (16-byte keys, 200-byte values, the GET/SET mix, every reply checked against
 * what was written), the key distributions, and one generator per client (Jedis on virtual threads, Lettuce, and their
 * cluster forms) that sends a round of requests closed or open loop and times each. Depends on nothing above it.
 */
package dev.kensho.redis.kv.load;
