/**
 * The kv experiment after the numbers: its report Section (KeyValueSection, found with ServiceLoader), published.csv
 * and prices.csv, the throughput-latency curve and its knee, the cluster and memtier rows, the hot keys and the cost
 * table (KvCostTable).
 */
package dev.kensho.redis.kv.report;
