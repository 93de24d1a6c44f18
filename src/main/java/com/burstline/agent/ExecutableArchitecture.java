package com.burstline.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The CPU a program's binary is built for, read from its ELF, PE or Mach-O header, so that {@code tool: auto} can tell
 * a native iperf3 from one the OS runs under emulation — the x64 iperf3 on Windows ARM64 measured the emulator, not
 * the network. A binary whose header says nothing known (a script, a universal Mach-O) counts as native: it runs, and
 * there is no evidence it is emulated.
 */
final class ExecutableArchitecture {
    private static final Map<Integer, String> ELF = Map.of(0x03, "x86", 0x28, "arm", 0x3E, "x86_64", 0xB7, "aarch64",
            0xF3, "riscv64", 0x15, "ppc64");
    private static final Map<Integer, String> PE = Map.of(0x014C, "x86", 0x8664, "x86_64", 0xAA64, "aarch64",
            0x01C4, "arm");
    private static final Map<Integer, String> MACH_O = Map.of(0x01000007, "x86_64", 0x0100000C, "aarch64");
    private static final int HEADER_BYTES = 4096;

    private ExecutableArchitecture() {
    }

    /** Whether {@code program} (a path, or a name on the PATH) is built for the CPU this JVM runs on. */
    static boolean isNative(String program) {
        Path binary = resolve(program);
        String built = binary == null ? null : of(read(binary));
        return built == null || built.equals(jvm());
    }

    /** x86_64, aarch64, x86, arm, …, or null when the header is none this class knows. */
    static String of(byte[] header) {
        ByteBuffer bytes = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        if (header.length >= 20 && bytes.getInt(0) == 0x464C457F) { // \x7fELF
            bytes.order(header[5] == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            return ELF.get(Short.toUnsignedInt(bytes.getShort(18)));
        }
        if (header.length >= 64 && bytes.getShort(0) == 0x5A4D) { // MZ, then the PE header at e_lfanew
            int pe = bytes.getInt(0x3C);
            boolean signed = pe > 0 && pe + 6 <= header.length && bytes.getInt(pe) == 0x00004550;
            return signed ? PE.get(Short.toUnsignedInt(bytes.getShort(pe + 4))) : null;
        }
        if (header.length >= 8 && bytes.getInt(0) == 0xFEEDFACF) {
            return MACH_O.get(bytes.getInt(4));
        }
        return null;
    }

    /** This JVM's CPU in the names {@link #of} uses. */
    static String jvm() {
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            case "x86", "i386", "i486", "i586", "i686" -> "x86";
            default -> arch;
        };
    }

    /** The file a program name runs: itself when it names a path, else the first match on the PATH. */
    private static Path resolve(String program) {
        if (program.contains("/") || program.contains(File.separator)) {
            return Files.isRegularFile(Path.of(program)) ? Path.of(program) : null;
        }
        String path = System.getenv("PATH");
        for (String directory : (path == null ? "" : path).split(File.pathSeparator)) {
            for (String name : new String[] {program, program + ".exe"}) {
                Path candidate = Path.of(directory.isEmpty() ? "." : directory, name);
                if (Files.isRegularFile(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private static byte[] read(Path binary) {
        try (InputStream in = Files.newInputStream(binary)) {
            return in.readNBytes(HEADER_BYTES);
        } catch (IOException unreadable) {
            return new byte[0];
        }
    }
}
