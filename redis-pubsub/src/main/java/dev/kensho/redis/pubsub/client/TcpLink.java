package dev.kensho.redis.pubsub.client;

import dev.kensho.common.TargetFailure;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * The write-up's baseline: the same publisher/subscriber pair over a plain TCP socket on loopback, no
 * server in between. Frames are length-prefixed ({@code int length} + the message); the sender buffers
 * 64 KiB and writes at {@link Publisher#flush}, the receiver reads through a 64 KiB buffer and hands
 * every message to a {@link Receiver} as its own array (as a Redis client does). {@code TCP_NODELAY} on
 * both ends, as Redis clients set it.
 */
public final class TcpLink implements AutoCloseable {

    static final int BUFFER = 64 * 1024;

    private final ServerSocket server;
    private final Socket sendSocket;
    private final Socket receiveSocket;
    private final Thread readerThread;
    private final Receiver receiver;
    private final TcpPublisher publisher;

    /** Opens a listening socket on 127.0.0.1, connects to it, and starts the reading thread. */
    public TcpLink(Receiver receiver, int messageBytes) {
        this.receiver = receiver;
        try {
            server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            server.setSoTimeout((int) Client.SUBSCRIBE_TIMEOUT.toMillis());
            sendSocket = new Socket();
            sendSocket.setTcpNoDelay(true);
            sendSocket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()),
                    (int) Client.SUBSCRIBE_TIMEOUT.toMillis());
            receiveSocket = server.accept();
            receiveSocket.setTcpNoDelay(true);
            receiveSocket.setSoTimeout((int) Client.SUBSCRIBER_READ_TIMEOUT.toMillis());
        } catch (IOException e) {
            close();
            throw new TargetFailure("tcp baseline: cannot connect on loopback (" + e.getMessage() + ")", e);
        }
        publisher = new TcpPublisher(sendSocket, messageBytes);
        readerThread = new Thread(this::read, "kensho-tcp-receiver");
        readerThread.setDaemon(true);
        readerThread.start();
    }

    public Publisher publisher() {
        return publisher;
    }

    public Subscriber subscriber() {
        return new Subscriber() {
            @Override
            public Receiver receiver() {
                return receiver;
            }

            @Override
            public long clientId() {
                return -1;
            }

            @Override
            public void close() {
                TcpLink.this.close();
            }
        };
    }

    private void read() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(receiveSocket.getInputStream(), BUFFER))) {
            while (true) {
                int len;
                try {
                    len = in.readInt();
                } catch (EOFException end) {
                    receiver.disconnected("tcp: sender closed");
                    return;
                }
                if (len < 0 || len > Messages.MAX_BYTES) {
                    receiver.disconnected("tcp: corrupt frame length " + len);
                    return;
                }
                byte[] m = new byte[len];
                in.readFully(m);
                receiver.onMessage(m);
            }
        } catch (SocketTimeoutException e) {
            receiver.disconnected("tcp: nothing received for " + Client.SUBSCRIBER_READ_TIMEOUT.toSeconds() + " s");
        } catch (IOException e) {
            receiver.disconnected("tcp: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        closeQuietly(sendSocket);
        closeQuietly(receiveSocket);
        if (server != null) {
            try {
                server.close();
            } catch (IOException ignored) {
                // closing
            }
        }
        if (readerThread != null) {
            Client.join(readerThread, Client.CLOSE_TIMEOUT);
        }
    }

    private static void closeQuietly(Socket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    private static final class TcpPublisher implements Publisher {
        private final DataOutputStream out;
        private final byte[] message;
        private long queued;
        private long published;

        TcpPublisher(Socket socket, int messageBytes) {
            try {
                this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), BUFFER));
            } catch (IOException e) {
                throw new TargetFailure("tcp baseline: " + e.getMessage(), e);
            }
            this.message = Messages.template(messageBytes);
        }

        @Override
        public void publish(long seq, long sentNanos) {
            Messages.stamp(message, seq, sentNanos);
            try {
                out.writeInt(message.length);
                out.write(message);
            } catch (IOException e) {
                throw new TargetFailure("tcp baseline sender: " + e.getMessage(), e);
            }
            queued++;
        }

        @Override
        public void flush() {
            try {
                out.flush();
            } catch (IOException e) {
                throw new TargetFailure("tcp baseline sender: " + e.getMessage(), e);
            }
            published += queued;
            queued = 0;
        }

        @Override
        public long published() {
            return published;
        }

        @Override
        public long shortfall() {
            return 0;
        }

        @Override
        public long deliveries() {
            return published;
        }

        @Override
        public long deliveredThrough() {
            return published;
        }

        @Override
        public void close() {
            // the link closes the socket
        }
    }
}
