package dev.kensho.redis.sets;

import java.nio.file.Path;

/**
 * One command with its whole reply written to a file, the write-up's regime for its set operations ({@code echo
 * "sinter A B" | redis-cli … > result}): the server builds and sends the whole reply, the client writes it out.
 * {@link #run} is the timed part; {@link #check} reads the file back (not timed) and fails with one line unless it
 * holds exactly the expected members. Two writers: {@link RedisCliReply} (redis-cli itself) and {@link RespReplyFile}
 * (the suite's own RESP reader, for machines without redis-cli), which write the same bytes.
 */
interface ReplyFile {

    /** Runs the command {@code args}, its reply written to {@link #reply()}; returns 0, or the writer's failure status. */
    int run(String... args);

    /**
     * Throws unless the last {@link #run} succeeded and its reply file holds exactly {@code expected} members whose
     * digest is {@code expectedDigest}; {@code what} names the case in the message.
     */
    void check(String what, long expected, long expectedDigest);

    /** The file the reply is written to. */
    Path reply();

    /** Removes the reply and whatever else the last run left (after each check: a 10M-member reply is ~650 MB). */
    void clean();
}
