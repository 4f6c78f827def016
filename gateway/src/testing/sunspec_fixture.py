"""SunSpec devices served by Debian's pymodbus, for the gateway's tests.

Each device's register map is laid out here from the SunSpec model definitions (the JSON files the
gateway ships), independently of the gateway's own TypeScript reader: point sizes and order, repeating
groups, "not implemented" markers. A small plant model runs on the registers: the inverter produces
min(available PV, its WMaxLimPct limit when enabled), the battery charges or discharges as given, and
the meter measures the balance (import > 0), so a limit the gateway writes changes what the meter
reads, as on a real plant.

Usage: python3 sunspec_fixture.py SPEC.json. Prints one JSON line {"ready": true, "ports": {...},
"addresses": {...}} once every device listens, then answers one JSON line per command read on stdin:
  {"id": 1, "cmd": "read", "device": "inverter", "model": 123, "point": "WMaxLimPct"}
  {"id": 2, "cmd": "set", "pvAvailableW": 7000}      (plant figures: pvAvailableW, loadW, batteryW)
  {"id": 3, "cmd": "stop", "device": "meter"}  /  {"id": 4, "cmd": "start", "device": "meter"}
  {"id": 5, "cmd": "put", "device": "inverter", "model": 103, "point": "St", "value": 7}  (in its unit)
"""

import asyncio
import json
import logging
import os
import sys

from pymodbus.datastore import ModbusSequentialDataBlock, ModbusServerContext, ModbusSlaveContext
from pymodbus.server.async_io import ModbusTcpServer

logging.getLogger("pymodbus").setLevel(logging.CRITICAL)

SIZE_OF_TYPE = {"int16": 1, "uint16": 1, "acc16": 1, "enum16": 1, "bitfield16": 1, "sunssf": 1, "count": 1,
                "raw16": 1, "pad": 1, "int32": 2, "uint32": 2, "acc32": 2, "enum32": 2, "bitfield32": 2,
                "float32": 2, "ipaddr": 2, "int64": 4, "uint64": 4, "acc64": 4, "bitfield64": 4,
                "float64": 4, "eui48": 4, "ipv6addr": 8}
NOT_IMPLEMENTED = {"int16": 0x8000, "uint16": 0xFFFF, "enum16": 0xFFFF, "bitfield16": 0xFFFF, "sunssf": 0x8000,
                   "count": 0xFFFF, "pad": 0x8000, "raw16": 0xFFFF, "acc16": 0, "int32": 0x80000000,
                   "uint32": 0xFFFFFFFF, "acc32": 0, "enum32": 0xFFFFFFFF, "bitfield32": 0xFFFFFFFF,
                   "float32": 0x7FC00000, "ipaddr": 0, "int64": 0x8000000000000000,
                   "uint64": 0xFFFFFFFFFFFFFFFF, "acc64": 0, "bitfield64": 0xFFFFFFFFFFFFFFFF}


def words_of(point, value):
    """The registers of one point; value None (or absent) writes the type's not-implemented marker."""
    kind, size = point["type"], point["size"]
    if kind == "string":
        data = (value or "").encode("latin-1")[: size * 2].ljust(size * 2, b"\0")
        return [int.from_bytes(data[i:i + 2], "big") for i in range(0, size * 2, 2)]
    if value is None:
        marker = NOT_IMPLEMENTED.get(kind, 0)
    else:
        marker = int(value) % (1 << (16 * size))
    return [(marker >> (16 * (size - 1 - i))) & 0xFFFF for i in range(size)]


def lay_out(group, values, offset, addresses, prefix):
    """The registers of a group and its repetitions; fills addresses with each point's offset."""
    words = []
    for point in group.get("points", []):
        if point["size"] != SIZE_OF_TYPE.get(point["type"], point["size"]) and point["type"] != "string":
            raise ValueError(f"{point['name']}: size {point['size']} for a {point['type']}")
        addresses[prefix + point["name"]] = offset + len(words)
        words += words_of(point, values.get(point["name"]))
    for sub in group.get("groups", []):
        for index, item in enumerate(values.get(sub["name"], [])):
            sub_prefix = f"{prefix}{sub['name']}[{index}]."
            words += lay_out(sub, item, offset + len(words), addresses, sub_prefix)
    return words


class Device:
    """One SunSpec device: its register block, where each point is, and its own TCP server."""

    def __init__(self, name, spec, models_dir):
        self.name = name
        self.unit = spec.get("unit", 1)
        self.base = spec.get("base", 40000)
        self.defs = {}
        self.addresses = {}
        words = [0x5375, 0x6E53]
        for model in spec["models"]:
            with open(os.path.join(models_dir, f"model_{model['id']}.json"), encoding="utf-8") as file:
                definition = json.load(file)
            self.defs[model["id"]] = definition
            values = dict(model.get("values", {}))
            for sub in definition["group"].get("groups", []):
                count = sub.get("count")
                if isinstance(count, str) and count not in values:
                    values[count] = len(values.get(sub["name"], []))
            at = self.base + len(words)
            points = {}
            block = lay_out(definition["group"], values, at, points, "")
            block[0], block[1] = model["id"], len(block) - 2
            self.addresses[model["id"]] = points
            words += block
        words += [0xFFFF, 0]
        self.block = ModbusSequentialDataBlock(self.base, words)
        slave = ModbusSlaveContext(hr=self.block, zero_mode=True)
        self.context = ModbusServerContext(slaves={self.unit: slave}, single=False)
        self.server = None
        self.task = None
        self.port = spec.get("port", 0)

    def point(self, model, name):
        group = self.defs[model]["group"]
        for point in group["points"]:
            if point["name"] == name:
                return point
        raise KeyError(f"model {model} has no point {name}")

    def raw(self, model, name):
        point = self.point(model, name)
        words = self.block.getValues(self.addresses[model][name], point["size"])
        value = 0
        for word in words:
            value = (value << 16) | word
        if value == NOT_IMPLEMENTED.get(point["type"], -1):
            return None
        if point["type"] in ("int16", "int32", "int64", "sunssf") and value >= 1 << (16 * point["size"] - 1):
            value -= 1 << (16 * point["size"])
        return value

    def value(self, model, name):
        """A point in its unit: raw × 10^sf (None when it or its scale factor is not implemented)."""
        point = self.point(model, name)
        raw = self.raw(model, name)
        if raw is None or "sf" not in point:
            return raw
        sf = point["sf"] if isinstance(point["sf"], int) else self.raw(model, point["sf"])
        return None if sf is None else raw * 10 ** sf

    def put(self, model, name, value):
        """Stores a value given in the point's unit, by its scale factor."""
        point = self.point(model, name)
        sf = point["sf"] if isinstance(point.get("sf"), int) else self.raw(model, point["sf"]) if "sf" in point else 0
        self.block.setValues(self.addresses[model][name], words_of(point, round(value / 10 ** (sf or 0))))

    def has(self, model, name):
        return model in self.addresses and name in self.addresses[model] and self.raw(model, name) is not None

    async def start(self):
        self.server = ModbusTcpServer(self.context, address=("127.0.0.1", self.port), allow_reuse_address=True)
        self.task = asyncio.create_task(self.server.serve_forever())
        await self.server.serving
        self.port = self.server.server.sockets[0].getsockname()[1]

    async def stop(self):
        if self.server is not None:
            await self.server.server_close()
            self.task.cancel()
            self.server = None


class Plant:
    """The figures that connect the devices: the sun, the house and the battery."""

    def __init__(self, devices, figures):
        self.devices = devices
        self.pv_available_w = figures.get("pvAvailableW", 6000.0)
        self.load_w = figures.get("loadW", 1500.0)
        self.battery_w = figures.get("batteryW", 0.0)  # discharge > 0
        self.energy = {"pv": 0.0, "import": 0.0, "export": 0.0}

    def inverter_cap_w(self, inverter):
        w_max = inverter.value(121, "WMax") if 121 in inverter.addresses else None
        if w_max is None or 123 not in inverter.addresses or inverter.raw(123, "WMaxLim_Ena") != 1:
            return float("inf")
        return w_max * (inverter.value(123, "WMaxLimPct") or 0) / 100

    def step(self, seconds):
        inverter, meter, battery = (self.devices.get(n) for n in ("inverter", "meter", "battery"))
        out_w = min(self.pv_available_w, self.inverter_cap_w(inverter)) if inverter else 0.0
        grid_w = self.load_w - out_w - (self.battery_w if battery else 0.0)
        self.energy["pv"] += out_w * seconds / 3600
        self.energy["import" if grid_w > 0 else "export"] += abs(grid_w) * seconds / 3600
        if inverter:
            inverter.put(103, "W", out_w)
            if inverter.has(103, "WH"):
                inverter.put(103, "WH", inverter.value(103, "WH") + out_w * seconds / 3600)
            if 160 in inverter.addresses and "module[0].DCW" in inverter.addresses[160]:
                modules = inverter.addresses[160]
                sf = inverter.raw(160, "DCW_SF") or 0
                inverter.block.setValues(modules["module[0].DCW"], words_of({"type": "uint16", "size": 1}, round(out_w / 10 ** sf)))
        if meter:
            meter.put(203, "W", grid_w)
            for phase in ("WphA", "WphB"):
                meter.put(203, phase, grid_w / 3)
            meter.put(203, "TotWhImp", 1_000_000 + self.energy["import"])
            meter.put(203, "TotWhExp", 2_000_000 + self.energy["export"])
        if battery:
            battery.put(802, "W", self.battery_w)


async def serve(spec):
    models_dir = spec["modelsDir"]
    devices = {name: Device(name, device, models_dir) for name, device in spec["devices"].items()}
    for device in devices.values():
        await device.start()
    plant = Plant(devices, spec.get("plant", {}))
    tick = spec.get("tickMs", 100) / 1000

    async def run_plant():
        while True:
            plant.step(tick)
            await asyncio.sleep(tick)

    plant.step(0)
    runner = asyncio.create_task(run_plant())
    print(json.dumps({"ready": True, "ports": {n: d.port for n, d in devices.items()},
                      "addresses": {n: d.addresses for n, d in devices.items()}}), flush=True)
    reader = asyncio.StreamReader()
    await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while True:
        line = await reader.readline()
        if not line:
            break
        command = json.loads(line)
        answer = {"id": command.get("id")}
        try:
            device = devices.get(command.get("device", ""))
            if command["cmd"] == "read":
                answer["raw"] = device.raw(command["model"], command["point"])
                answer["value"] = device.value(command["model"], command["point"])
            elif command["cmd"] == "set":
                plant.pv_available_w = command.get("pvAvailableW", plant.pv_available_w)
                plant.load_w = command.get("loadW", plant.load_w)
                plant.battery_w = command.get("batteryW", plant.battery_w)
                plant.step(0)
            elif command["cmd"] == "put":
                device.put(command["model"], command["point"], command["value"])
            elif command["cmd"] == "stop":
                await device.stop()
            elif command["cmd"] == "start":
                await device.start()
            answer["ok"] = True
        except Exception as error:  # answered, so the test sees what went wrong
            answer["error"] = repr(error)
        print(json.dumps(answer), flush=True)
    runner.cancel()
    for device in devices.values():
        await device.stop()


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as spec_file:
        asyncio.run(serve(json.load(spec_file)))
