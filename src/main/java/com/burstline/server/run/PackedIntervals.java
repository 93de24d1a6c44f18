package com.burstline.server.run;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Interval rows packed into one value and back, losslessly: every field of each {@link IntervalRow} as stored
 * ({@code closing} is not stored: {@link ClosingIntervals} marks it on read, as for rows read one by one). Strings
 * repeat across rows, so the whole is deflated.
 */
final class PackedIntervals {
    private static final int VERSION = 1;

    private PackedIntervals() {
    }

    static byte[] pack(List<IntervalRow> rows) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(rows.size() * 24 + 16);
        try (DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(bytes))) {
            out.writeByte(VERSION);
            out.writeInt(rows.size());
            for (IntervalRow row : rows) {
                out.writeInt(row.interval());
                out.writeDouble(row.start());
                out.writeDouble(row.end());
                out.writeUTF(row.stream());
                out.writeUTF(row.direction());
                out.writeUTF(row.side());
                out.writeLong(row.bytes());
                out.writeDouble(row.bitsPerSecond());
                out.writeBoolean(row.omitted());
                writeLong(out, row.retransmits());
                writeLong(out, row.rttMicros());
                writeLong(out, row.cwndBytes());
                writeDouble(out, row.jitterMs());
                writeLong(out, row.lostPackets());
                writeLong(out, row.packets());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("packing into memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    static List<IntervalRow> unpack(byte[] packed) {
        try (DataInputStream in = new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(packed)))) {
            int version = in.readByte();
            if (version != VERSION) {
                throw new IllegalStateException("interval pack version " + version + " is not " + VERSION);
            }
            int count = in.readInt();
            List<IntervalRow> rows = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                rows.add(row(in));
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("an interval pack could not be read", e);
        }
    }

    /** The fields in the order {@link #pack} writes them. */
    private static IntervalRow row(DataInputStream in) throws IOException {
        int interval = in.readInt();
        double start = in.readDouble();
        double end = in.readDouble();
        String stream = in.readUTF();
        String direction = in.readUTF();
        String side = in.readUTF();
        long bytes = in.readLong();
        double bitsPerSecond = in.readDouble();
        boolean omitted = in.readBoolean();
        return new IntervalRow(interval, start, end, stream, direction, side, bytes, bitsPerSecond, readLong(in),
                readLong(in), readLong(in), readDouble(in), readLong(in), readLong(in), omitted, false);
    }

    private static void writeLong(DataOutputStream out, Long value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeLong(value);
        }
    }

    private static void writeDouble(DataOutputStream out, Double value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeDouble(value);
        }
    }

    private static Long readLong(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readLong() : null;
    }

    private static Double readDouble(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readDouble() : null;
    }
}
