/**
 * {@code redis-cli --pipe} driven from Java ({@link dev.kensho.targets.redis.cli.RedisCliPipe}): a file of
 * commands streamed into a target and its reply count checked.
 */
package dev.kensho.targets.redis.cli;
