package com.burstline.agent;

import com.burstline.contract.HostConfig;
import com.burstline.contract.Json;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Windows: one PowerShell script reads the adapter, its advanced properties, RSS, RSC, the TCP and global offload
 * settings, the OS and the CPUs, and prints them as JSON. The script is fixed text: the adapter's name reaches it
 * only through the environment ({@code BURSTLINE_ADAPTER}), never as part of its code. Each part that fails is
 * {@code {"error": …}}, so the rest still arrives.
 */
final class WindowsConfigReader implements HostConfigReader {
    static final String ADAPTER_VARIABLE = "BURSTLINE_ADAPTER";
    /** Every value as text ("$v"), so that enums read as their names in Windows PowerShell 5.1 and PowerShell 7. */
    static final String SCRIPT = String.join("\n",
            "$ErrorActionPreference = 'Stop'",
            "$name = $env:" + ADAPTER_VARIABLE,
            "function Texts($o, $names) { $h = [ordered]@{}; foreach ($n in $names) { $v = $o.$n;"
                    + " $h[$n] = if ($null -eq $v) { $null } elseif ($v -is [array]) { @($v | ForEach-Object"
                    + " { \"$_\" }) } else { \"$v\" } }; $h }",
            "function Part($read) { try { & $read } catch { @{ error = $_.Exception.Message } } }",
            "[ordered]@{",
            " adapter = Part { Texts (Get-NetAdapter -Name $name) @('Name','InterfaceDescription',"
                    + "'DriverDescription','DriverVersionString','LinkSpeed','MtuSize') }",
            " ipInterface = Part { Texts (Get-NetIPInterface -InterfaceAlias $name -AddressFamily IPv4)"
                    + " @('NlMtu') }",
            " advanced = Part { @(Get-NetAdapterAdvancedProperty -Name $name | ForEach-Object { Texts $_"
                    + " @('RegistryKeyword','DisplayName','DisplayValue','RegistryValue') }) }",
            " rss = Part { Texts (Get-NetAdapterRss -Name $name) @('Enabled','NumberOfReceiveQueues',"
                    + "'MaxNumberOfReceiveQueues','Profile','MaxProcessors') }",
            " rsc = Part { Texts (Get-NetAdapterRsc -Name $name) @('IPv4Enabled','IPv6Enabled',"
                    + "'IPv4OperationalState','IPv6OperationalState') }",
            " tcp = Part { Texts (Get-NetTCPSetting -SettingName Internet) @('CongestionProvider',"
                    + "'AutoTuningLevelLocal','EcnCapability','Timestamps') }",
            " offload = Part { Texts (Get-NetOffloadGlobalSetting) @('ReceiveSideScaling',"
                    + "'ReceiveSegmentCoalescing','Chimney','TaskOffload','PacketCoalescingFilter') }",
            " os = Part { Texts (Get-CimInstance Win32_OperatingSystem) @('Caption','Version','BuildNumber') }",
            " cpu = Part { @(Get-CimInstance Win32_Processor | ForEach-Object { Texts $_"
                    + " @('Name','NumberOfLogicalProcessors') }) }",
            "} | ConvertTo-Json -Depth 4 -Compress");

    private final ConfigCommands.Runner runner;

    WindowsConfigReader(ConfigCommands.Runner runner) {
        this.runner = runner;
    }

    @Override
    public HostConfig read(String adapter) {
        long start = System.nanoTime();
        ConfigFacts facts = new ConfigFacts();
        if (!HostConfigReader.isInterfaceName(adapter)) {
            facts.unknown("nic", "no adapter to read (" + (adapter == null ? "none routes to the peer" : "'"
                    + adapter + "' is not an adapter name") + ")");
        } else {
            ConfigCommands.Answer answer = new ConfigCommands(runner, BUDGET).run(List.of("powershell.exe",
                    "-NoProfile", "-NonInteractive", "-Command", SCRIPT), Map.of(ADAPTER_VARIABLE, adapter));
            facts.from(answer, "nic", json -> WindowsConfigJson.read(parse(json), facts));
        }
        return facts.build(HostConfig.WINDOWS, adapter, (System.nanoTime() - start) / 1_000_000);
    }

    private static Map<String, Object> parse(String json) {
        try {
            return Json.parseObject(json.strip().getBytes(StandardCharsets.UTF_8), "PowerShell's answer");
        } catch (IllegalArgumentException notJson) {
            return Map.of("error", notJson.getMessage());
        }
    }
}
