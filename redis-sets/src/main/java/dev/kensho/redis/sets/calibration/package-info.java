/**
 * External tools measured on the same server as the suite (redis-cli --pipe, redis-benchmark), so a reader can
 * tell the load generator's cost from the server's; missing tools are reported, never faked.
 */
package dev.kensho.redis.sets.calibration;
