package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Side;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Interval rows packed into one value and back, losslessly: every field of each {@link IntervalRow} as stored
 * ({@code closing} is not stored: {@link ClosingIntervals} marks it on read, as for rows read one by one). A page's
 * chart reads a pack on every request, so reading is what it is made for: the few names a run's rows repeat
 * (streams, directions, sides) are written once and named by their index, the nullable figures by one bit each, and
 * the whole is deflated once and read back in one piece.
 */
final class PackedIntervals {
    /** 2: names once, null bits. A pack of another version is read as none (and built again from the rows). */
    private static final int VERSION = 2;
    /** The bit after the six nullable figures' bits. */
    private static final int OMITTED = 1 << 6;

    private PackedIntervals() {
    }

    static byte[] pack(List<IntervalRow> rows) {
        Map<String, Integer> names = new LinkedHashMap<>();
        for (IntervalRow row : rows) {
            IntervalSample sample = row.sample();
            for (String name : List.of(sample.stream(), sample.direction().apiName(), sample.side().apiName())) {
                names.putIfAbsent(name, names.size());
            }
        }
        if (names.size() > 255) {
            throw new IllegalArgumentException("a pack names at most 255 streams, directions and sides");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(rows.size() * 16 + 64);
        ByteArrayOutputStream raw = new ByteArrayOutputStream(rows.size() * 64 + 64);
        try (DataOutputStream out = new DataOutputStream(raw)) {
            out.writeByte(names.size());
            for (String name : names.keySet()) {
                byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
                out.writeShort(utf8.length);
                out.write(utf8);
            }
            out.writeInt(rows.size());
            for (IntervalRow row : rows) {
                write(out, row, names);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("packing into memory cannot fail", e);
        }
        bytes.write(VERSION);
        try (DeflaterOutputStream deflated = new DeflaterOutputStream(bytes)) {
            raw.writeTo(deflated);
        } catch (IOException e) {
            throw new UncheckedIOException("packing into memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    private static void write(DataOutputStream out, IntervalRow stored, Map<String, Integer> names)
            throws IOException {
        IntervalSample row = stored.sample();
        out.writeInt(row.interval());
        out.writeDouble(row.start());
        out.writeDouble(row.end());
        out.writeByte(names.get(row.stream()));
        out.writeByte(names.get(row.direction().apiName()));
        out.writeByte(names.get(row.side().apiName()));
        out.writeLong(row.bytes());
        out.writeDouble(row.bitsPerSecond());
        Object[] nullable = {row.retransmits(), row.rttMicros(), row.cwndBytes(), row.jitterMs(), row.lostPackets(),
                row.packets()};
        int present = row.omitted() ? OMITTED : 0;
        for (int i = 0; i < nullable.length; i++) {
            present |= nullable[i] != null ? 1 << i : 0;
        }
        out.writeByte(present);
        for (Object value : nullable) {
            if (value instanceof Double d) {
                out.writeDouble(d);
            } else if (value != null) {
                out.writeLong((Long) value);
            }
        }
    }

    /** The rows, or empty when the pack is of another version than this server writes. */
    static Optional<List<IntervalRow>> unpack(byte[] packed) {
        if (packed.length == 0 || packed[0] != VERSION) {
            return Optional.empty();
        }
        ByteBuffer in;
        try (InflaterInputStream inflater = new InflaterInputStream(new ByteArrayInputStream(packed, 1,
                packed.length - 1))) {
            in = ByteBuffer.wrap(inflater.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("an interval pack could not be read", e);
        }
        String[] names = new String[in.get() & 0xff];
        for (int i = 0; i < names.length; i++) {
            byte[] name = new byte[in.getShort() & 0xffff];
            in.get(name);
            names[i] = new String(name, StandardCharsets.UTF_8);
        }
        int count = in.getInt();
        List<IntervalRow> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(row(in, names));
        }
        return Optional.of(rows);
    }

    /** The fields in the order {@link #write} writes them. */
    private static IntervalRow row(ByteBuffer in, String[] names) {
        int interval = in.getInt();
        double start = in.getDouble();
        double end = in.getDouble();
        String stream = names[in.get() & 0xff];
        String direction = names[in.get() & 0xff];
        String side = names[in.get() & 0xff];
        long bytes = in.getLong();
        double bitsPerSecond = in.getDouble();
        int present = in.get() & 0xff;
        Long retransmits = (present & 1) != 0 ? in.getLong() : null;
        Long rttMicros = (present & 2) != 0 ? in.getLong() : null;
        Long cwndBytes = (present & 4) != 0 ? in.getLong() : null;
        Double jitterMs = (present & 8) != 0 ? in.getDouble() : null;
        Long lostPackets = (present & 16) != 0 ? in.getLong() : null;
        Long packets = (present & 32) != 0 ? in.getLong() : null;
        return new IntervalRow(new IntervalSample(interval, start, end, stream, Direction.fromApiName(direction),
                Side.fromApiName(side), bytes, bitsPerSecond, retransmits, rttMicros, cwndBytes, jitterMs, lostPackets,
                packets, (present & OMITTED) != 0), false);
    }
}
