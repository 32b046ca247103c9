/**
 * The Pub/Sub experiment after the numbers: its report Section (PubSubSection, found with ServiceLoader) and
 * published.csv.
 */
package dev.kensho.redis.pubsub.report;
