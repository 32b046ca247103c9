/**
 * HBase targets: an in-process-style mini cluster in a child JVM (default), an external cluster by ZooKeeper
 * quorum, or a container. The suite touches only tables in its namespace that carry its mark.
 */
package dev.kensho.targets.hbase;
