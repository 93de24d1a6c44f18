package com.burstline.engine;

import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The peer's side of a request/response test ({@code rr -s}): listens on its TCP port for a client's control
 * connection, answers its transactions — UDP datagrams on the same port number, or the client's TCP flows on the
 * same listener — and at the end tells the client its CPU use and how many it answered. One test at a time; with
 * {@code -1}, one test and then exit, as the agent's server role runs it.
 */
final class TransactionServer implements AutoCloseable {
    static final int HELLO_TIMEOUT_MILLIS = 10_000;

    private final ServerSocketChannel listener;
    private final InetSocketAddress address;

    TransactionServer(int port, String bind) throws IOException {
        this.address = bind == null ? new InetSocketAddress(port) : new InetSocketAddress(bind, port);
        this.listener = ServerSocketChannel.open();
        listener.bind(address);
    }

    int port() {
        return listener.socket().getLocalPort();
    }

    /** Serves tests until closed, or one with {@code once}; a broken test ends only itself. */
    void serve(boolean once, java.io.PrintStream log) throws IOException {
        do {
            Socket socket = listener.socket().accept();
            try (TransactionControl control = new TransactionControl(socket)) {
                serveOne(control);
            } catch (EngineException | IOException broken) {
                log.println("rr: test ended: " + broken.getMessage());
            }
        } while (!once);
    }

    private void serveOne(TransactionControl control) throws IOException {
        Hello hello = Hello.of(control.receive(HELLO_TIMEOUT_MILLIS, "hello"));
        Cpu cpu = new Cpu();
        InetSocketAddress udp = new InetSocketAddress(address.getAddress(), port()); // the TCP port's number
        try (Echoes echoes = hello.udp() ? UdpEchoes.open(udp, hello.cookie())
                : TcpEchoes.open(hello.messageBytes())) {
            control.send(Map.of("ready", true));
            if (echoes instanceof TcpEchoes tcp) {
                acceptFlows(tcp, hello);
            }
            control.receive(0, "end");
            echoes.close();
            Cpu.Usage usage = cpu.usage();
            Map<String, Object> end = new LinkedHashMap<>();
            end.put("cpuPercent", usage.total());
            end.put("served", echoes.served());
            control.send(end);
        }
    }

    /** The client's flows, each announced by the test's cookie; a connection without it is closed and not counted. */
    private void acceptFlows(TcpEchoes echoes, Hello hello) throws IOException {
        ServerSocket accepting = listener.socket();
        accepting.setSoTimeout(HELLO_TIMEOUT_MILLIS);
        int refused = 0;
        try {
            while (echoes.flows() < hello.flows() && refused < hello.flows()) {
                if (!echoes.serve(accepting.accept().getChannel(), hello.cookie())) {
                    refused++;
                }
            }
        } catch (SocketTimeoutException late) {
            throw new EngineException("the client connected " + echoes.flows() + " of its " + hello.flows()
                    + " flows within " + HELLO_TIMEOUT_MILLIS + " ms");
        } finally {
            accepting.setSoTimeout(0);
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }

    /** What the client asked for; bounded by the contract's limits. */
    record Hello(String protocol, int messageBytes, int flows, long cookie) {
        static Hello of(Map<String, Object> json) {
            if (!(json.get("rr") instanceof Number version) || version.intValue() != TransactionControl.VERSION) {
                throw new EngineException("the client does not speak request/response version "
                        + TransactionControl.VERSION);
            }
            Object protocol = json.get("protocol");
            if (!(protocol instanceof String name) || !Protocol.isRequestResponse(name)) {
                throw new EngineException("the client asked for protocol " + protocol);
            }
            return new Hello(name, (int) number(json, "messageBytes", Scenario.MESSAGE_BYTES.min(),
                    Scenario.MESSAGE_BYTES.max()), (int) number(json, "flows", 1, Scenario.STREAMS.max()),
                    json.get("cookie") instanceof Number cookie ? cookie.longValue() : 0);
        }

        boolean udp() {
            return Protocol.UDP_RR.name().equals(protocol);
        }

        private static double number(Map<String, Object> json, String name, double min, double max) {
            if (!(json.get(name) instanceof Number number) || number.doubleValue() < min
                    || number.doubleValue() > max) {
                throw new EngineException("the client's " + name + " must be between " + (long) min + " and "
                        + (long) max);
            }
            return number.doubleValue();
        }
    }
}
