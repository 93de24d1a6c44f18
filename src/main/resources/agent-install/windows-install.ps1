# Burstline agent {{name}} on Windows 11 (ARM64 or x64): paste into Windows PowerShell opened as Administrator.
# Administrator only installs (Java, a local user, files, firewall rules, the task); the agent runs at boot as the
# local user burstline-agent, no administrator, in Performance Log Users (which may read ENA's counters and run a
# task at boot) and Performance Monitor Users.
Set-ExecutionPolicy -Scope Process -ExecutionPolicy Bypass -Force  # this window only: modules load script files
& {
$ErrorActionPreference = 'Stop'
$name = {{namePs}}
$dir = {{dir}}
$user = 'burstline-agent'
$arch = [Environment]::GetEnvironmentVariable('PROCESSOR_ARCHITECTURE', 'Machine')  # native: ARM64 or AMD64
Write-Host "Installing the Burstline agent $name into $dir"

# 1. Java 17 or newer, native to this CPU (on ARM64 an x64 java would measure its emulator); from winget when none.
function Test-Java([string] $exe) {
  $ErrorActionPreference = 'Continue'
  $properties = (& $exe -XshowSettings:properties -version 2>&1 | ForEach-Object { "$_" }) -join "`n"
  $major = if ($properties -match 'java\.specification\.version = (\d+)') { [int] $Matches[1] } else { 0 }
  ($major -ge 17) -and (($arch -ne 'ARM64') -or ($properties -match 'os\.arch = aarch64'))
}
function Find-Java {
  # A JDK installed a moment ago is on the machine's PATH, not yet on this window's: read it again.
  $env:Path = [Environment]::GetEnvironmentVariable('Path', 'Machine') + ';' +
    [Environment]::GetEnvironmentVariable('Path', 'User')
  $found = @(Get-Command java.exe -All -ErrorAction SilentlyContinue | ForEach-Object { $_.Source }) +
    @(Get-ChildItem "$env:ProgramFiles\Microsoft\jdk-*\bin\java.exe" -ErrorAction SilentlyContinue |
      Sort-Object FullName -Descending | ForEach-Object { $_.FullName })
  foreach ($candidate in $found) { if ($candidate -and (Test-Java $candidate)) { return $candidate } }
}
$java = Find-Java
if (-not $java) {
  if (-not (Get-Command winget.exe -ErrorAction SilentlyContinue)) {
    throw 'No Java 17 or newer and no winget: install Microsoft Build of OpenJDK 17 for this CPU ' +
      '(https://learn.microsoft.com/java/openjdk/download), then paste this again.'
  }
  $wingetArch = if ($arch -eq 'ARM64') { 'arm64' } else { 'x64' }
  winget install --id Microsoft.OpenJDK.17 --exact --silent --architecture $wingetArch `
    --accept-package-agreements --accept-source-agreements
  $java = Find-Java
  if (-not $java) { throw "winget installed no Java 17 for $wingetArch that this window can find." }
}
Write-Host "Java: $java"
if (-not (Get-Command iperf3.exe -ErrorAction SilentlyContinue)) {
  Write-Host 'No iperf3 here: the agent measures every scenario with its own engine.'
}

# 2. A local user of its own, no administrator, with a random password that only the task scheduler keeps.
$bytes = New-Object byte[] 24
[Security.Cryptography.RandomNumberGenerator]::Create().GetBytes($bytes)
$password = [Convert]::ToBase64String($bytes) + 'a1!'
$secure = ConvertTo-SecureString $password -AsPlainText -Force
if (Get-LocalUser -Name $user -ErrorAction SilentlyContinue) {
  Set-LocalUser -Name $user -Password $secure
} else {
  New-LocalUser -Name $user -Password $secure -PasswordNeverExpires -AccountNeverExpires `
    -UserMayNotChangePassword -Description 'Burstline agent' | Out-Null
}
foreach ($group in 'S-1-5-32-559', 'S-1-5-32-558') {  # Performance Log Users, Performance Monitor Users
  try { Add-LocalGroupMember -SID $group -Member $user } catch [Microsoft.PowerShell.Commands.MemberExistsException] { }
}

# 3. The directory: Administrators and SYSTEM own it; the agent's user may change it (spool, secret, TLS key, log).
New-Item -ItemType Directory -Force -Path $dir | Out-Null
icacls $dir /inheritance:r /grant:r '*S-1-5-32-544:(OI)(CI)F' '*S-1-5-18:(OI)(CI)F' "${user}:(OI)(CI)M" | Out-Null
if ($LASTEXITCODE -ne 0) { throw "icacls could not restrict $dir" }
Set-Content -LiteralPath (Join-Path $dir 'join-token') -Value {{token}} -NoNewline -Encoding ascii

# 4. The agent jar from this server, checked against the SHA-256 the Agents page showed. Pasted again, the running
#    agent holds its jar open and Windows replaces no file in use: the agent stops first, and the jar is replaced
#    once its last process (a measurement it started) has let go of it.
$jar = Join-Path $dir 'burstline-agent.jar'
try {
  Invoke-WebRequest -UseBasicParsing -Uri {{jarUrl}} -OutFile "$jar.new" -Headers @{ Authorization = 'Bearer ' + {{token}} }
} catch {
  throw "The server refused the agent jar ($($_.Exception.Message)) $($_.ErrorDetails.Message) Nothing was started."
}
if ((Get-FileHash -Algorithm SHA256 -LiteralPath "$jar.new").Hash -ne {{sha256}}) {
  Remove-Item -LiteralPath "$jar.new"
  throw 'The agent jar does not have the SHA-256 the server showed: nothing was started.'
}
Stop-ScheduledTask -TaskName 'Burstline agent' -ErrorAction SilentlyContinue
foreach ($try in 1..30) {
  try { Move-Item -LiteralPath "$jar.new" -Destination $jar -Force -ErrorAction Stop; break }
  catch {
    if ($try -eq 30) { throw "$jar is still in use after 30 s: stop the java processes running it and paste again." }
    Start-Sleep -Seconds 1
  }
}
Set-Content -LiteralPath (Join-Path $dir 'agent.args') -Value {{arguments}} -Encoding ascii

# 5. Firewall: the server calls the agent on TCP {{agentPort}}; the peer agents measure on TCP and UDP {{iperf3Ports}}.
Remove-NetFirewallRule -Group 'Burstline agent' -ErrorAction SilentlyContinue
$server = [Net.Dns]::GetHostAddresses({{serverHost}}) | ForEach-Object { $_.IPAddressToString }
$peers = {{peerNetworks}}
New-NetFirewallRule -DisplayName 'Burstline agent API' -Group 'Burstline agent' -Direction Inbound -Action Allow `
  -Protocol TCP -LocalPort {{agentPort}} -RemoteAddress $server -Profile Any | Out-Null
foreach ($protocol in 'TCP', 'UDP') {
  New-NetFirewallRule -DisplayName "Burstline agent tests ($protocol)" -Group 'Burstline agent' -Direction Inbound `
    -Action Allow -Protocol $protocol -LocalPort {{iperf3Ports}} -RemoteAddress $peers -Profile Any | Out-Null
}

# 6. A task that starts the agent at boot as its user, with its own JVM options, and again when it stops. Normal
#    priority (4), as a service's: a task's default (7) runs it and the tools it starts below normal, which skews
#    what they measure under any other load.
$action = New-ScheduledTaskAction -Execute $java -Argument {{jvmArguments}} -WorkingDirectory $dir
$trigger = New-ScheduledTaskTrigger -AtStartup
$settings = New-ScheduledTaskSettingsSet -ExecutionTimeLimit ([TimeSpan]::Zero) -RestartCount 999 `
  -RestartInterval (New-TimeSpan -Minutes 1) -StartWhenAvailable -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries `
  -Priority 4
Register-ScheduledTask -TaskName 'Burstline agent' -Action $action -Trigger $trigger -Settings $settings `
  -User $user -Password $password -RunLevel Limited -Force | Out-Null

# 7. Start it now; it enrolls with the join token on its first start.
$log = Join-Path $dir 'agent.log'
if (Test-Path -LiteralPath $log) { Move-Item -LiteralPath $log -Destination "$log.1" -Force }
Start-ScheduledTask -TaskName 'Burstline agent'
foreach ($second in 1..60) {
  if ((Test-Path -LiteralPath $log) -and (Select-String -LiteralPath $log -Pattern 'Registered with' -Quiet)) {
    Write-Host "The agent $name has enrolled and is online: see the Agents page."
    return
  }
  Start-Sleep -Seconds 1
}
Write-Warning "The agent has not registered within 60 s: see $log"
}
