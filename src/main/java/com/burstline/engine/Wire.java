package com.burstline.engine;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

/** iperf3's protocol constants (reference §1) and its cookie. */
final class Wire {
    static final int TEST_START = 1;
    static final int TEST_RUNNING = 2;
    static final int TEST_END = 4;
    static final int PARAM_EXCHANGE = 9;
    static final int CREATE_STREAMS = 10;
    static final int SERVER_TERMINATE = 11;
    static final int CLIENT_TERMINATE = 12;
    static final int EXCHANGE_RESULTS = 13;
    static final int DISPLAY_RESULTS = 14;
    static final int IPERF_DONE = 16;
    static final int ACCESS_DENIED = -1;
    static final int SERVER_ERROR = -2;

    static final int DEFAULT_PORT = 5201;
    static final int COOKIE_SIZE = 37;
    static final int DEFAULT_TCP_BLKSIZE = 131072;
    static final int DEFAULT_UDP_BLKSIZE = 1460;
    static final long DEFAULT_UDP_RATE = 1024 * 1024;
    static final int MAX_BLOCKSIZE = 1024 * 1024;
    static final int MIN_UDP_BLOCKSIZE = 16;
    static final int MAX_UDP_BLOCKSIZE = 65507;
    static final int MAX_STREAMS = 128;
    static final int MAX_PARAMS_JSON = 8192;
    static final int MAX_RESULTS_JSON = 64 * 1024 * 1024;

    /** The UDP connect datagrams as wire bytes (reference §4.2). */
    static final byte[] UDP_CONNECT_MSG = {0x39, 0x38, 0x37, 0x36};
    static final byte[] UDP_CONNECT_REPLY = {0x36, 0x37, 0x38, 0x39};
    static final byte[] UDP_CONNECT_MSG_LEGACY = {0x15, (byte) 0xCD, 0x5B, 0x07};
    static final byte[] UDP_CONNECT_REPLY_LEGACY = {(byte) 0xB1, 0x68, (byte) 0xDE, 0x3A};

    private static final char[] COOKIE_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private Wire() {
    }

    /** 36 random characters and the NUL that iperf3's strcmp needs. */
    static byte[] newCookie() {
        byte[] cookie = new byte[COOKIE_SIZE];
        for (int i = 0; i < COOKIE_SIZE - 1; i++) {
            cookie[i] = (byte) COOKIE_ALPHABET[RANDOM.nextInt(COOKIE_ALPHABET.length)];
        }
        return cookie;
    }

    static String cookieText(byte[] cookie) {
        int end = 0;
        while (end < cookie.length && cookie[end] != 0) {
            end++;
        }
        return new String(cookie, 0, end, StandardCharsets.US_ASCII);
    }

    static boolean isConnectReply(byte[] bytes, int length) {
        return length == 4 && (startsWith(bytes, UDP_CONNECT_REPLY) || startsWith(bytes, UDP_CONNECT_MSG)
                || startsWith(bytes, UDP_CONNECT_REPLY_LEGACY));
    }

    /** "9876" as little- and big-endian hosts write it, and the legacy 123456789 of old clients. */
    static boolean isConnectHello(byte[] bytes, int length) {
        return length == 4 && (startsWith(bytes, UDP_CONNECT_MSG) || startsWith(bytes, UDP_CONNECT_REPLY)
                || startsWith(bytes, UDP_CONNECT_MSG_LEGACY));
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    static String stateName(int state) {
        return switch (state) {
            case TEST_START -> "TEST_START";
            case TEST_RUNNING -> "TEST_RUNNING";
            case TEST_END -> "TEST_END";
            case PARAM_EXCHANGE -> "PARAM_EXCHANGE";
            case CREATE_STREAMS -> "CREATE_STREAMS";
            case SERVER_TERMINATE -> "SERVER_TERMINATE";
            case CLIENT_TERMINATE -> "CLIENT_TERMINATE";
            case EXCHANGE_RESULTS -> "EXCHANGE_RESULTS";
            case DISPLAY_RESULTS -> "DISPLAY_RESULTS";
            case IPERF_DONE -> "IPERF_DONE";
            case ACCESS_DENIED -> "ACCESS_DENIED";
            case SERVER_ERROR -> "SERVER_ERROR";
            default -> "unknown state " + state;
        };
    }
}
